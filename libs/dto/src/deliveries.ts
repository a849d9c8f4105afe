import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import {
  DELIVERY_SIZE_MAX_CM3,
  DELIVERY_STATUSES,
  DELIVERY_TYPES,
  DELIVERY_WEIGHT_MAX_KG,
  MSG,
  RECEIPT_LIMITS,
  RECEIPT_MSG,
  SHIPPING_TYPES,
  toHundredths,
  type DeliveryContentInput,
  type DeliveryStatus,
  type DeliveryType,
  type LastMileKind,
  type ShippingType,
} from '@jara/contracts';
import { blank, Doc, PartialType, text, whole } from './core';
import { Contents, LastMile } from './last-mile';

const flag = ({ value }: { value: unknown }) =>
  value === true || value === 'true' || value === 1 || value === '1' || value === 'on'
    ? true
    : value === false || value === 'false' || value === 0 || value === '0' || blank(value)
      ? false
      : value;
const SHIPPING_TYPE_VALUES = SHIPPING_TYPES.map((t) => t.value);
const STATUS_VALUES = DELIVERY_STATUSES.map((s) => s.code);

/** An id: a positive 32-bit integer. */
function Id(required: string): PropertyDecorator {
  return (target, key) => {
    Transform(whole)(target, key);
    IsNotEmpty({ message: required })(target, key);
    IsInt({ message: MSG.deliveries.warehouseUnknown })(target, key);
    Min(1, { message: MSG.deliveries.warehouseUnknown })(target, key);
    Max(2_147_483_647, { message: MSG.deliveries.warehouseUnknown })(target, key);
  };
}

/** A measure (kg or cm3): a number >= 0 with at most 2 decimals, up to `max`; absent or '' is 0 (spec 5). */
export function Measure(max: number): PropertyDecorator {
  return (target, key) => {
    Doc({ example: 12.5 })(target, key);
    Transform(({ value }) => (blank(value) ? undefined : value))(target, key);
    IsOptional()(target, key);
    ValidateBy({
      name: 'measure',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'number' && typeof value !== 'string') return false;
          const hundredths = toHundredths(typeof value === 'number' && !Number.isFinite(value) ? 'x' : value);
          return hundredths !== null && hundredths <= max * 100;
        },
        defaultMessage: (args) => {
          // Any JSON may arrive here (an array, an object): only a number or text can be "too large".
          const value: unknown = args?.value;
          const hundredths = typeof value === 'number' || typeof value === 'string' ? toHundredths(value) : null;
          return hundredths !== null && hundredths > max * 100
            ? MSG.deliveries.measureTooLarge
            : MSG.deliveries.measureInvalid;
        },
      },
    })(target, key as string);
  };
}

const DECLARED_DIMENSIONS = ['declared_length', 'declared_width', 'declared_height'] as const;

/**
 * Issue 26: a declared dimension in whole cm (1-1000), optional; the three go together (a receipt compares the
 * declared volume, which one or two of them cannot make), so one given makes the others required.
 */
function DeclaredDimension(): PropertyDecorator {
  return (target, key) => {
    Transform(whole)(target, key);
    ValidateIf((o: Record<string, unknown>) => DECLARED_DIMENSIONS.some((k) => !blank(o[k])))(target, key);
    IsNotEmpty({ message: RECEIPT_MSG.declaredDimensionsIncomplete })(target, key);
    IsInt({ message: RECEIPT_MSG.dimensionInvalid })(target, key);
    Min(1, { message: RECEIPT_MSG.dimensionInvalid })(target, key);
    Max(RECEIPT_LIMITS.dimensionCm, { message: RECEIPT_MSG.dimensionInvalid })(target, key);
  };
}

/** The fields of a delivery request, with `required` as the message of a missing one. */
function requestFields(required: string) {
  class DeliveryRequestFields {
    @Doc({ description: "The courier's tracking ID" })
    @Transform(text)
    @IsNotEmpty({ message: required })
    @IsString({ message: required })
    @MaxLength(100)
    external_no!: string;

    @Id(required)
    warehouse_id!: number;

    @Transform(text)
    @IsNotEmpty({ message: required })
    @IsIn(DELIVERY_TYPES, { message: 'Type must be foreign or local.' })
    type!: DeliveryType;

    @Doc({ description: 'Required for foreign deliveries' })
    @Transform(text)
    @ValidateIf((o: { type?: string; shipping_type?: unknown }) => o.type === 'foreign' || !blank(o.shipping_type))
    @IsNotEmpty({ message: MSG.deliveries.shippingTypeRequired })
    @IsIn(SHIPPING_TYPE_VALUES, { message: MSG.shipping.typeInvalid })
    shipping_type?: ShippingType;

    // Issue 26: what the customer declares (optional): a receipt's measure beyond the variance asks them.
    @Doc({ description: 'Declared weight in kg (optional)' })
    @Measure(DELIVERY_WEIGHT_MAX_KG)
    declared_weight?: string | number;

    @Doc({ description: 'Declared length in whole cm (optional; with width and height, or none of them)' })
    @DeclaredDimension()
    declared_length?: number;

    @Doc({ description: 'Declared width in whole cm (optional; with length and height, or none of them)' })
    @DeclaredDimension()
    declared_width?: number;

    @Doc({ description: 'Declared height in whole cm (optional; with length and width, or none of them)' })
    @DeclaredDimension()
    declared_height?: number;

    @Doc({ description: 'Goods bought on the Jara mall' })
    @Transform(flag)
    @IsOptional()
    @IsIn([true, false], { message: 'from_jara must be true or false.' })
    from_jara?: boolean;

    // ---- Issue 26: the declared contents and the last mile (last-mile.ts)
    @Contents()
    contents?: DeliveryContentInput[];

    @LastMile()
    last_mile?: LastMileKind;
  }
  return DeliveryRequestFields;
}

/** POST /trackings (signed in): external tracking ID and warehouse required ('Please provide all required fields'). */
export class CreateDeliveryDto extends requestFields(MSG.deliveries.requiredFields) {}

/** POST /guest/trackings: the same plus name and phone ('Please fill all required fields'); e-mail optional. */
export class GuestDeliveryDto extends requestFields(MSG.deliveries.publicRequiredFields) {
  @Transform(text)
  @IsNotEmpty({ message: MSG.deliveries.publicRequiredFields })
  @IsString({ message: MSG.deliveries.publicRequiredFields })
  @MaxLength(120)
  name!: string;

  @Doc({ example: '0803 123 4567' })
  @Transform(text)
  @IsNotEmpty({ message: MSG.deliveries.publicRequiredFields })
  @IsString({ message: MSG.deliveries.publicRequiredFields })
  @MaxLength(30)
  @ValidateBy({
    name: 'phone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && /^\+?[\d\s()-]{7,30}$/.test(value),
      defaultMessage: () => 'Please enter a valid phone number.',
    },
  })
  phone!: string;

  @Transform(({ value }) => (blank(value) ? undefined : typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsOptional()
  @IsEmail({}, { message: MSG.auth.emailInvalid })
  @MaxLength(191)
  email?: string;
}

/** PUT /trackings/{id} (admin, Proceed): the fee comes from the server; `amount`, if sent, must equal it. */
export class ProceedDeliveryDto {
  @Transform(text)
  @IsNotEmpty({ message: MSG.shipping.typeInvalid })
  @IsIn(SHIPPING_TYPE_VALUES, { message: MSG.shipping.typeInvalid })
  shipping_type!: ShippingType;

  @Transform(whole)
  @IsNotEmpty({ message: MSG.deliveries.titleUnknown })
  @IsInt({ message: MSG.deliveries.titleUnknown })
  @Min(1, { message: MSG.deliveries.titleUnknown })
  @Max(2_147_483_647, { message: MSG.deliveries.titleUnknown })
  shipping_id!: number;

  @Measure(DELIVERY_WEIGHT_MAX_KG)
  weight?: number | string;

  @Measure(DELIVERY_SIZE_MAX_CM3)
  size?: number | string;

  @Doc({ description: 'Ignored unless sent: then it must equal the fee the server computes (dollars)' })
  @Transform(({ value }) => (blank(value) ? undefined : value))
  @IsOptional()
  @ValidateBy({
    name: 'amount',
    validator: {
      validate: (value: unknown) =>
        (typeof value === 'number' || typeof value === 'string') &&
        toHundredths(typeof value === 'number' && !Number.isFinite(value) ? 'x' : value) !== null,
      defaultMessage: () => MSG.deliveries.measureInvalid,
    },
  })
  amount?: number | string;
}

/** PATCH /trackings/{id}: Proceed's fields, each optional (absent ones keep the delivery's values). */
export class PatchDeliveryDto extends PartialType(ProceedDeliveryDto) {}

/** PATCH /trackings/{id}/status (admin): a move of DELIVERY_TRANSITIONS, with an optional note and location. */
export class DeliveryStatusDto {
  @Transform(whole)
  @IsNotEmpty({ message: 'Please choose a status.' })
  @IsIn(STATUS_VALUES, { message: 'Status must be a number from 0 to 8.' })
  status!: DeliveryStatus;

  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string;

  @Doc({ example: 'Lagos' })
  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(120)
  location?: string;

  @Doc({
    description:
      "Returned Goods after the voyage with a paid cargo fee: true refunds the fee to the customer's wallet (decision 024); without it such a move is refused",
  })
  @Transform(flag)
  @IsOptional()
  @IsIn([true, false], { message: 'refund_fee must be true or false.' })
  refund_fee?: boolean;
}

/** POST /shippings/{id}/assign (admin): the deliveries to load on this shipping title. */
export class AssignDeliveriesDto {
  @Doc({ type: [Number] })
  @IsArray({ message: MSG.deliveries.assignNone })
  @ArrayMinSize(1, { message: MSG.deliveries.assignNone })
  @ArrayMaxSize(500)
  @IsInt({ each: true, message: MSG.deliveries.notFound })
  @Min(1, { each: true, message: MSG.deliveries.notFound })
  @Max(2_147_483_647, { each: true, message: MSG.deliveries.notFound })
  delivery_ids!: number[];
}
