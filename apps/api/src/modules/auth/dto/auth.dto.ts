import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';
import { MSG, OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@jara/contracts';

const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class EmailDto {
  @ApiProperty({ example: 'ada@example.com' })
  @Transform(lower)
  @IsNotEmpty({ message: MSG.auth.enterEmail })
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(191)
  email!: string;
}

export class RegisterDto extends EmailDto {
  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsNotEmpty({ message: MSG.auth.enterPassword })
  @IsString({ message: MSG.auth.enterPassword })
  @MinLength(PASSWORD_MIN_LENGTH, { message: MSG.auth.passwordMin })
  @MaxLength(72, { message: 'Password must be at most 72 characters.' })
  password!: string;
}

export class LoginDto extends EmailDto {
  @ApiProperty()
  @IsNotEmpty({ message: MSG.auth.enterPassword })
  @IsString({ message: MSG.auth.enterPassword })
  @MaxLength(200)
  password!: string;
}

export class VerifyOtpDto extends EmailDto {
  @ApiProperty({ example: '123456' })
  @Transform(({ value }) => (typeof value === 'number' ? String(value).padStart(OTP_LENGTH, '0') : typeof value === 'string' ? value.trim() : value))
  @IsString({ message: MSG.auth.otpSixDigits })
  @Length(OTP_LENGTH, OTP_LENGTH, { message: MSG.auth.otpSixDigits })
  @Matches(/^\d+$/, { message: MSG.auth.otpSixDigits })
  otp!: string;
}

export class ResendOtpDto extends EmailDto {}

export class GoogleLoginDto {
  @ApiProperty()
  @IsNotEmpty({ message: MSG.auth.googleNoToken })
  @IsString()
  @MaxLength(4096)
  access_token!: string;
}
