import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MSG, PARCEL_CONDITIONS, RECEIPT_LIMITS, RECEIPT_MSG, type ParcelCondition } from '@jara/contracts';
import { blank, Doc, text, whole } from './core';
import { Measure } from './deliveries';

/** A whole number of centimetres, 1 to 1000. */
export function Dimension(required: boolean): PropertyDecorator {
  return (target, key) => {
    Doc({ example: 40, description: 'Whole centimetres' })(target, key);
    Transform(whole)(target, key);
    if (required) IsNotEmpty({ message: RECEIPT_MSG.dimensionInvalid })(target, key);
    else IsOptional()(target, key);
    IsInt({ message: RECEIPT_MSG.dimensionInvalid })(target, key);
    Min(1, { message: RECEIPT_MSG.dimensionInvalid })(target, key);
    Max(RECEIPT_LIMITS.dimensionCm, { message: RECEIPT_MSG.dimensionInvalid })(target, key);
  };
}

/** The measures of a receipt (multipart: numbers arrive as text). */
export class ReceiptMeasureDto {
  @Doc({ example: '2.35', description: 'Measured weight in kg, at most 2 decimals' })
  @IsNotEmpty({ message: RECEIPT_MSG.weightInvalid })
  @Measure(RECEIPT_LIMITS.weightHundredths / 100)
  weight!: string | number;

  @Dimension(true)
  length!: number;

  @Dimension(true)
  width!: number;

  @Dimension(true)
  height!: number;

  @Transform(whole)
  @IsNotEmpty({ message: RECEIPT_MSG.piecesInvalid })
  @IsInt({ message: RECEIPT_MSG.piecesInvalid })
  @Min(1, { message: RECEIPT_MSG.piecesInvalid })
  @Max(RECEIPT_LIMITS.pieces, { message: RECEIPT_MSG.piecesInvalid })
  pieces!: number;

  @Transform(text)
  @IsNotEmpty({ message: RECEIPT_MSG.conditionInvalid })
  @IsIn(PARCEL_CONDITIONS, { message: RECEIPT_MSG.conditionInvalid })
  condition!: ParcelCondition;

  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string;
}

/** POST /receipts (staff): the scanned or typed tracking or courier number, the measures, 1-5 photos. */
export class CreateReceiptDto extends ReceiptMeasureDto {
  @Doc({ example: 'JT-ABCD-EFGH', description: 'Jara tracking number or courier (external) number' })
  @Transform(text)
  @IsNotEmpty({ message: RECEIPT_MSG.notFound })
  @IsString({ message: RECEIPT_MSG.notFound })
  @MaxLength(100)
  scanned_no!: string;
}

/** PUT /receipt-settings (admin). */
export class ReceiptSettingsDto {
  @Transform(whole)
  @IsNotEmpty({ message: RECEIPT_MSG.divisorInvalid })
  @IsInt({ message: RECEIPT_MSG.divisorInvalid })
  @Min(1, { message: RECEIPT_MSG.divisorInvalid })
  @Max(RECEIPT_LIMITS.divisorMax, { message: RECEIPT_MSG.divisorInvalid })
  air_divisor!: number;

  @Transform(whole)
  @IsNotEmpty({ message: RECEIPT_MSG.divisorInvalid })
  @IsInt({ message: RECEIPT_MSG.divisorInvalid })
  @Min(1, { message: RECEIPT_MSG.divisorInvalid })
  @Max(RECEIPT_LIMITS.divisorMax, { message: RECEIPT_MSG.divisorInvalid })
  sea_divisor!: number;

  @Transform(whole)
  @IsNotEmpty({ message: RECEIPT_MSG.varianceInvalid })
  @IsInt({ message: RECEIPT_MSG.varianceInvalid })
  @Min(0, { message: RECEIPT_MSG.varianceInvalid })
  @Max(RECEIPT_LIMITS.variancePercentMax, { message: RECEIPT_MSG.varianceInvalid })
  variance_percent!: number;
}

/** POST /trackings/{id}/measure/dispute (the owner). */
export class DisputeMeasureDto {
  @Transform(text)
  @IsNotEmpty({ message: RECEIPT_MSG.disputeReasonRequired })
  @IsString({ message: RECEIPT_MSG.disputeReasonRequired })
  @MaxLength(500)
  reason!: string;
}

/** POST /consolidations (the owner): the parcels to ship together, 2 to 50 ids. */
export class CreateConsolidationDto {
  @Transform(({ value }) =>
    blank(value) ? undefined : Array.isArray(value) ? value.map((v) => whole({ value: v })) : value,
  )
  @IsArray({ message: RECEIPT_MSG.consolidationMin })
  @ArrayMinSize(2, { message: RECEIPT_MSG.consolidationMin })
  @ArrayMaxSize(50, { message: RECEIPT_MSG.consolidationMax })
  @IsInt({ each: true, message: MSG.deliveries.notFound })
  @Min(1, { each: true, message: MSG.deliveries.notFound })
  @Max(2_147_483_647, { each: true, message: MSG.deliveries.notFound })
  delivery_ids!: number[];
}

/** POST /consolidations/{id}/pack (staff): the consolidated parcel's measures and photos. */
export class PackConsolidationDto extends ReceiptMeasureDto {}
