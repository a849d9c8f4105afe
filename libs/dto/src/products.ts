import { Transform } from 'class-transformer';
import {
  IsDate,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
import {
  AMOUNT_DECIMALS_MESSAGE,
  AmountError,
  DISCOUNT_FIELD_MESSAGE,
  formatNaira,
  MONEY_MAX_MINOR,
  PRODUCT_TYPES,
  normalizeDiscount,
  toMinorUnits,
  type ProductType,
} from '@jara/contracts';
import { Doc, PartialType } from './core';

/** Multipart forms send strings; empty values mean "not sent". */
const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const trim = ({ value }: { value: unknown }) =>
  blank(value) ? undefined : typeof value === 'string' ? value.trim() : value;
const toInt = ({ value }: { value: unknown }) => (blank(value) ? undefined : Number(value));
/** Why a price was refused, kept until validation so the 422 names the reason. */
class RejectedAmount {
  constructor(public readonly message: string) {}
}
/**
 * A naira amount ('1500', '1,500.50', 1500) becomes integer kobo by the one rule of toMinorUnits: more than
 * 2 decimals is refused (for numbers and strings alike), never rounded or truncated.
 */
const toKobo = ({ value }: { value: unknown }) => {
  if (blank(value)) return undefined;
  try {
    return toMinorUnits(typeof value === 'number' ? value : String(value));
  } catch (error) {
    if (error instanceof AmountError && error.problem === 'decimals')
      return new RejectedAmount(AMOUNT_DECIMALS_MESSAGE);
    if (error instanceof AmountError && error.problem === 'range') return new RejectedAmount(PRICE_TOO_LARGE);
    return new RejectedAmount(PRICE_MESSAGE);
  }
};
/** ISO date-times; a date-time without a zone (a datetime-local field) is read as Lagos time (UTC+1). */
const toDate = ({ value }: { value: unknown }) => {
  if (blank(value)) return undefined;
  const text = String(value).trim();
  const naive = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
  return new Date(naive ? `${text}+01:00` : text);
};
const PRICE_MESSAGE = 'The price must be a number greater than 0.';
/** A product's price can be no more than the most an order may total (issue 23: the two ceilings were 9e12 and 1e10). */
const MAX_PRICE_KOBO = MONEY_MAX_MINOR.NGN;
const PRICE_TOO_LARGE = `The price cannot exceed ${formatNaira(MAX_PRICE_KOBO)}.`;

/** One check, one message: the reason toKobo refused the amount, else a positive kobo integer within bounds. */
function priceProblem(value: unknown): string | null {
  if (value instanceof RejectedAmount) return value.message;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) return PRICE_MESSAGE;
  return value > MAX_PRICE_KOBO ? PRICE_TOO_LARGE : null;
}

function IsPriceKobo(): PropertyDecorator {
  return ValidateBy({
    name: 'isPriceKobo',
    validator: {
      validate: (value: unknown) => priceProblem(value) === null,
      defaultMessage: (args?: ValidationArguments) => priceProblem(args?.value) ?? PRICE_MESSAGE,
    },
  });
}

export class CreateProductDto {
  @Transform(trim)
  @IsNotEmpty({ message: 'The product name is required.' })
  @IsString()
  @MaxLength(191)
  name!: string;

  @Transform(toInt)
  @IsNotEmpty({ message: 'Please choose a category.' })
  @IsInt({ message: 'Please choose a category.' })
  category_id!: number;

  @Transform(trim)
  @IsNotEmpty({ message: 'Please choose a type.' })
  @IsIn(PRODUCT_TYPES as unknown as string[], { message: `Type must be one of: ${PRODUCT_TYPES.join(', ')}.` })
  type!: ProductType;

  @Doc({ description: 'Price in naira (same as price_ngn), at most 2 decimals; stored in kobo' })
  @Transform(toKobo)
  @IsOptional()
  @IsPriceKobo()
  price?: number;

  @Doc({ description: 'Price in naira, at most 2 decimals; stored in kobo' })
  @Transform(toKobo)
  @IsOptional()
  @IsPriceKobo()
  price_ngn?: number;

  @Transform(trim)
  @IsNotEmpty({ message: 'The description is required.' })
  @IsString()
  @MaxLength(10_000)
  description!: string;

  @Transform(toInt)
  @IsNotEmpty({ message: 'Please choose a status.' })
  @IsIn([0, 1], { message: 'Status must be 1 (active) or 0 (inactive).' })
  status!: 0 | 1;

  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'Stock must be a whole number.' })
  @Min(0, { message: 'Stock cannot be negative.' })
  @Max(10_000_000)
  stock_quantity?: number;

  @Transform(trim)
  @IsOptional()
  @Matches(/^[A-Za-z0-9._-]{1,64}$/, {
    message: 'SKU may use letters, digits, dots, dashes and underscores (up to 64).',
  })
  sku?: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(50)
  weight?: string;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(100)
  dimensions?: string;

  @Doc({
    example: '15%',
    description: 'Whole percentage off the previous price, 1 to 90 (stored as "15%"); the price is what the buyer pays',
  })
  @Transform(({ value }) => (blank(value) ? undefined : (normalizeDiscount(value) ?? String(value))))
  @IsOptional()
  @IsString()
  @Matches(/^([1-9]|[1-8]\d|90)%$/, { message: DISCOUNT_FIELD_MESSAGE })
  discount?: string;

  @Doc({ format: 'date-time' })
  @Transform(toDate)
  @IsOptional()
  @IsDate({ message: 'Flash start must be a date and time.' })
  flash_start_at?: Date;

  @Doc({ format: 'date-time' })
  @Transform(toDate)
  @IsOptional()
  @IsDate({ message: 'Flash end must be a date and time.' })
  flash_end_at?: Date;

  @Doc({ description: 'Admins only: set the average rating (0 to 5, step 0.1)' })
  @Transform(({ value }) => (blank(value) ? undefined : Number(value)))
  @IsOptional()
  // Not IsNumber's maxDecimalPlaces: it throws (a 500) on numbers written with an exponent such as 5e-324.
  @IsNumber({}, { message: 'Rating must be a number.' })
  @ValidateBy({
    name: 'twoDecimals',
    validator: {
      validate: (value: unknown) =>
        typeof value !== 'number' || !Number.isFinite(value) || Number(value.toFixed(2)) === value,
      defaultMessage: () => 'Rating must be a number.',
    },
  })
  @Min(0, { message: 'Rating cannot be below 0.' })
  @Max(5, { message: 'Rating cannot be above 5.' })
  average_rating?: number;

  @Doc({ description: 'Admins only: an absolute image URL instead of an upload' })
  @Transform(trim)
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'The image URL must start with http:// or https://.' })
  @MaxLength(255)
  image_url?: string;
}

export class UpdateProductDto extends PartialType(CreateProductDto) {}

export class CreateReviewDto {
  @Transform(toInt)
  @IsNotEmpty({ message: 'Please choose a rating.' })
  @IsInt({ message: 'Rating must be a whole number from 1 to 5.' })
  @Min(1, { message: 'Rating must be a whole number from 1 to 5.' })
  @Max(5, { message: 'Rating must be a whole number from 1 to 5.' })
  rating!: number;

  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  comment?: string;

  @Doc({ description: 'The order the review is for, when the product was bought in several' })
  @Transform(toInt)
  @IsOptional()
  @IsInt({ message: 'order_id must be an order id.' })
  @Min(1, { message: 'order_id must be an order id.' })
  @Max(2_147_483_647, { message: 'order_id must be an order id.' })
  order_id?: number;
}

export class WishlistDto {
  @Transform(toInt)
  @IsNotEmpty({ message: 'Please choose a product.' })
  @IsInt({ message: 'Please choose a product.' })
  product_id!: number;
}

/** POST /products/{id} with _method=PUT, as the spec's multipart clients send updates. */
export class MethodOverrideProductDto extends UpdateProductDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsIn(['PUT', 'PATCH'], { message: '_method must be PUT.' })
  _method!: 'PUT' | 'PATCH';
}
