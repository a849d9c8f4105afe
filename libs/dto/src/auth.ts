import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { MSG, OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@jara/contracts';
import { compose, Doc } from './core';

const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class EmailDto {
  @Doc({ example: 'ada@example.com' })
  @Transform(lower)
  @IsNotEmpty({ message: MSG.auth.enterEmail })
  @IsEmail({}, { message: MSG.auth.emailInvalid })
  @MaxLength(191)
  email!: string;
}

export class RegisterDto extends EmailDto {
  /** The storefront's sign-up asks for it (issue 22); the spec's body has none, so without it the e-mail's handle is used. */
  @Doc({ example: 'Chioma Adeyemi' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') || undefined : value))
  @IsOptional()
  @IsString({ message: MSG.auth.enterName })
  @MaxLength(120, { message: 'Name must be at most 120 characters.' })
  name?: string;

  @IsNotEmpty({ message: MSG.auth.enterPassword })
  @IsString({ message: MSG.auth.enterPassword })
  @MinLength(PASSWORD_MIN_LENGTH, { message: MSG.auth.passwordMin })
  @MaxLength(72, { message: 'Password must be at most 72 characters.' })
  password!: string;
}

export class LoginDto extends EmailDto {
  @IsNotEmpty({ message: MSG.auth.enterPassword })
  @IsString({ message: MSG.auth.enterPassword })
  @MaxLength(200)
  password!: string;
}

/** A 6-digit e-mailed code (the sign-up code, or the code confirming a new e-mail address). */
/** The 6-digit code's rules, named once: the code alone (OtpDto) or with its e-mail address (VerifyOtpDto). */
const OtpCode = (): PropertyDecorator =>
  compose(
    Doc({ example: '123456' }),
    Transform(({ value }) =>
      typeof value === 'number'
        ? String(value).padStart(OTP_LENGTH, '0')
        : typeof value === 'string'
          ? value.trim()
          : value,
    ),
    IsString({ message: MSG.auth.otpSixDigits }),
    Length(OTP_LENGTH, OTP_LENGTH, { message: MSG.auth.otpSixDigits }),
    Matches(/^\d+$/, { message: MSG.auth.otpSixDigits }),
  );

export class OtpDto {
  @OtpCode()
  otp!: string;
}

export class VerifyOtpDto extends EmailDto {
  @OtpCode()
  otp!: string;
}

export class ResendOtpDto extends EmailDto {}

/** One of the two tokens; whichever is sent must have been issued by Google to GOOGLE_CLIENT_ID. */
export class GoogleLoginDto {
  @Doc({
    description:
      "A Google access token; its audience is checked with Google's token-info endpoint. Required without id_token.",
  })
  @ValidateIf((dto: GoogleLoginDto) => !dto.id_token)
  @IsNotEmpty({ message: MSG.auth.googleNoToken })
  @IsString({ message: MSG.auth.googleNoToken })
  @MaxLength(4096)
  access_token?: string;

  @Doc({
    description:
      "A Google ID token (the storefront's code exchange returns one): signature, issuer, expiry and aud = GOOGLE_CLIENT_ID are verified. Preferred when both are sent.",
  })
  @IsOptional()
  @IsString({ message: MSG.auth.googleNoToken })
  @MaxLength(8192)
  id_token?: string;
}

/** POST /user/change-email: the new address (a code is sent to it; the current one stays until it is confirmed). */
export class ChangeEmailDto extends EmailDto {}

/** POST /user/confirm-email: the code sent to the new address. */
export class ConfirmEmailDto extends OtpDto {}
