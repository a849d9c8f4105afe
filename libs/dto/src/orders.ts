import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Max,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  REFUND_MSG,
  type RefundDestination,
  CHECKOUT_COUNTRIES,
  FULFILMENT_MSG,
  LINE_SHIP_LIMITS,
  MSG,
  NIGERIAN_STATES,
  PHONE_INPUT_MAX,
  nigerianState,
  normaliseNigerianPhone,
  ORDER_LIMITS,
  ORDER_PAYMENT_METHOD_VALUES,
  ORDER_STATUSES,
  type CheckoutCountry,
  type OrderPaymentMethod,
  type OrderStatus,
} from '@jara/contracts';
import { Doc, text, whole } from './core';

/** A phone in a Nigerian format becomes +234XXXXXXXXXX; anything else stays as typed and fails the Matches check. */
const phone = ({ value }: { value: unknown }): unknown => {
  const trimmed = text({ value });
  return typeof trimmed === 'string' ? (normaliseNigerianPhone(trimmed) ?? trimmed) : trimmed;
};
/** A state written loosely ('lagos', 'FCT') becomes the listed name; anything else stays and fails IsIn. */
const state = ({ value }: { value: unknown }): unknown => {
  const trimmed = text({ value });
  return typeof trimmed === 'string' ? (nigerianState(trimmed) ?? trimmed) : trimmed;
};

const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${ORDER_LIMITS.maxQuantity}.`;

export class OrderLineDto {
  @Transform(whole)
  @IsNotEmpty({ message: 'Choose a product.' })
  @IsInt({ message: 'product_id must be a product id.' })
  @Min(1, { message: 'product_id must be a product id.' })
  @Max(2_147_483_647, { message: 'product_id must be a product id.' })
  product_id!: number;

  @Transform(whole)
  @IsNotEmpty({ message: QUANTITY_MESSAGE })
  @IsInt({ message: QUANTITY_MESSAGE })
  @Min(1, { message: QUANTITY_MESSAGE })
  @Max(ORDER_LIMITS.maxQuantity, { message: QUANTITY_MESSAGE })
  quantity!: number;
}

export class CreateOrderDto {
  @Doc({ type: [OrderLineDto] })
  // Missing lines get the one message (without it the array rules' messages all apply, the "at most" one first).
  @IsNotEmpty({ message: MSG.orders.itemsRequired })
  @IsArray({ message: MSG.orders.itemsRequired })
  @ArrayMinSize(1, { message: MSG.orders.itemsRequired })
  @ArrayMaxSize(ORDER_LIMITS.maxLines, { message: `An order can have at most ${ORDER_LIMITS.maxLines} lines.` })
  @ValidateNested({ each: true })
  @Type(() => OrderLineDto)
  items!: OrderLineDto[];

  @Transform(text)
  @IsNotEmpty({ message: MSG.checkout.required.full_name })
  @IsString({ message: MSG.checkout.required.full_name })
  @MaxLength(120)
  full_name!: string;

  @Doc({
    description: 'A Nigerian phone number: 080..., 0703..., +234..., 234...; kept as +234XXXXXXXXXX',
    example: '08031234567',
  })
  @Transform(phone)
  @IsNotEmpty({ message: MSG.checkout.required.phone })
  @IsString({ message: MSG.checkout.phoneInvalid })
  @MaxLength(PHONE_INPUT_MAX, { message: MSG.checkout.phoneInvalid })
  @Matches(/^\+234[789][01]\d{8}$/, { message: MSG.checkout.phoneInvalid })
  phone!: string;

  @Transform(text)
  @IsNotEmpty({ message: MSG.checkout.required.street_address })
  @IsString({ message: MSG.checkout.required.street_address })
  @MaxLength(255)
  street_address!: string;

  @Transform(text)
  @IsNotEmpty({ message: MSG.checkout.required.city })
  @IsString({ message: MSG.checkout.required.city })
  @MaxLength(100)
  city!: string;

  @Doc({ description: 'One of the 36 states or the Federal Capital Territory' })
  @Transform(state)
  @IsNotEmpty({ message: MSG.checkout.required.state })
  @IsIn(NIGERIAN_STATES, { message: MSG.checkout.stateInvalid })
  state!: string;

  @Doc({ description: 'A landmark near the address (e.g. opposite the filling station)' })
  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(160)
  landmark?: string;

  @Doc({ description: 'Optional: rarely used in Nigeria' })
  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(20)
  postal_code?: string;

  @Transform(text)
  @IsNotEmpty({ message: MSG.checkout.required.country })
  @IsIn(CHECKOUT_COUNTRIES, { message: MSG.checkout.required.country })
  country!: CheckoutCountry;

  @Transform(text)
  @IsNotEmpty({ message: MSG.checkout.required.payment_method })
  @IsIn(ORDER_PAYMENT_METHOD_VALUES, { message: MSG.checkout.required.payment_method })
  payment_method!: OrderPaymentMethod;

  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(ORDER_LIMITS.notesMax)
  notes?: string;
}

const STATUS_VALUES = ORDER_STATUSES.map((s) => s.code);
const STATUS_MESSAGE = `status must be one of ${STATUS_VALUES.join(', ')}.`;

export class OrderStatusDto {
  @Transform(whole)
  @IsNotEmpty({ message: STATUS_MESSAGE })
  @IsIn(STATUS_VALUES, { message: STATUS_MESSAGE })
  status!: OrderStatus;

  @Doc({ description: 'A note for the history (the reason of a return request)' })
  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string;

  @Doc({ description: 'Accepting a return (admin, 3 -> 4): put the returned units back in stock' })
  @IsOptional()
  @IsBoolean({ message: 'restock must be true or false.' })
  restock?: boolean;

  @Doc({
    description:
      "A return request (buyer, 3 -> 4): where the refund goes when the return is accepted, 'wallet' (default) or 'card' (only for an order paid by card)",
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsOptional()
  @IsIn(['wallet', 'card'], { message: REFUND_MSG.refundToInvalid })
  refund_to?: RefundDestination;
}

/** POST /orders/{id}/late-transfer (admin). */
export class LateTransferDto {
  @Doc({ description: 'A note for the history (e.g. the bank reference of the transfer)' })
  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string;
}

const LINE_IDS_DESCRIPTION =
  "The lines to act on (each the caller's: a vendor's own lines; an admin any line of the order); absent: every line of the caller's not yet shipped";

/** The lines a line action names: distinct line ids, at most an order's number of lines. */
class LineSelectionDto {
  @Doc({ type: [Number], description: LINE_IDS_DESCRIPTION })
  @IsOptional()
  @IsArray({ message: FULFILMENT_MSG.lineIdsInvalid })
  @ArrayMinSize(1, { message: FULFILMENT_MSG.lineIdsInvalid })
  @ArrayMaxSize(ORDER_LIMITS.maxLines, { message: FULFILMENT_MSG.lineIdsInvalid })
  @ArrayUnique({ message: FULFILMENT_MSG.lineIdsInvalid })
  @IsInt({ each: true, message: FULFILMENT_MSG.lineIdsInvalid })
  @Min(1, { each: true, message: FULFILMENT_MSG.lineIdsInvalid })
  @Max(2_147_483_647, { each: true, message: FULFILMENT_MSG.lineIdsInvalid })
  line_ids?: number[];
}

/** POST /orders/{id}/lines/ready (decision 031). */
export class LinesReadyDto extends LineSelectionDto {}

/** POST /orders/{id}/lines/ship (decision 031): the courier and its tracking number, trimmed. */
export class LinesShipDto extends LineSelectionDto {
  @Doc({
    example: 'GIG Logistics',
  })
  @Transform(text)
  @IsNotEmpty({ message: FULFILMENT_MSG.courierInvalid })
  @IsString({ message: FULFILMENT_MSG.courierInvalid })
  @Length(LINE_SHIP_LIMITS.courierMin, LINE_SHIP_LIMITS.courierMax, { message: FULFILMENT_MSG.courierInvalid })
  courier!: string;

  @Doc({
    example: 'GIG-4471203',
  })
  @Transform(text)
  @IsNotEmpty({ message: FULFILMENT_MSG.trackingInvalid })
  @IsString({ message: FULFILMENT_MSG.trackingInvalid })
  @Length(LINE_SHIP_LIMITS.trackingMin, LINE_SHIP_LIMITS.trackingMax, { message: FULFILMENT_MSG.trackingInvalid })
  tracking_no!: string;
}
