import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { KYC_GENDERS, KYC_ID_TYPES, MSG, type KycGender, type KycIdType } from '@jara/contracts';
import { blank, Doc, text } from './core';

const GENDERS = KYC_GENDERS.map((g) => g.value);

/** A real calendar date in the past, at least 18 and at most 120 years ago. */
export function isAdultDob(value: unknown, now = new Date()): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  const adult = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
  const oldest = new Date(Date.UTC(now.getUTCFullYear() - 120, now.getUTCMonth(), now.getUTCDate()));
  return date <= adult && date >= oldest;
}

/** POST /kyc (multipart): the text fields; id_image (required) and user_image (optional) are the file parts. */
export class SubmitKycDto {
  @Transform(text)
  @IsNotEmpty({ message: MSG.kyc.required })
  @IsString({ message: MSG.kyc.required })
  @MaxLength(120)
  name!: string;

  @Doc({ example: '1990-05-17' })
  @Transform(text)
  @IsNotEmpty({ message: MSG.kyc.required })
  @ValidateBy({
    name: 'dob',
    validator: { validate: (v: unknown) => isAdultDob(v), defaultMessage: () => MSG.kyc.dobInvalid },
  })
  dob!: string;

  @Transform(({ value }) => (blank(value) ? undefined : typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsNotEmpty({ message: MSG.kyc.required })
  @IsIn(GENDERS, { message: MSG.kyc.genderInvalid })
  gender!: KycGender;

  @Transform(text)
  @IsNotEmpty({ message: MSG.kyc.required })
  @IsString({ message: MSG.kyc.required })
  @MaxLength(255)
  address!: string;

  @Transform(text)
  @IsNotEmpty({ message: MSG.kyc.required })
  @IsIn(KYC_ID_TYPES, { message: MSG.kyc.idTypeInvalid })
  id_type!: KycIdType;

  @Transform(text)
  @IsNotEmpty({ message: MSG.kyc.required })
  @IsString({ message: MSG.kyc.required })
  @MaxLength(50)
  id_number!: string;

  @Doc({ type: 'string', format: 'binary' })
  @IsOptional()
  id_image?: unknown;

  @Doc({ type: 'string', format: 'binary' })
  @IsOptional()
  user_image?: unknown;
}

/** PUT /kyc/{id}/approve (admin): 1 approve or -1 reject, with an optional reason. */
export class KycDecisionDto {
  @Transform(({ value }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value))
  @IsNotEmpty({ message: MSG.kyc.statusInvalid })
  @IsIn([1, -1], { message: MSG.kyc.statusInvalid })
  status!: 1 | -1;

  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}
