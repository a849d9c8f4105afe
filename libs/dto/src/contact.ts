import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MSG } from '@jara/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class CreateContactMessageDto {
  @Transform(trim)
  @IsNotEmpty({ message: 'Please enter your full name.' })
  @IsString()
  @MaxLength(120)
  full_name!: string;

  @Transform(lower)
  @IsNotEmpty({ message: 'Please enter your email.' })
  @IsEmail({}, { message: MSG.auth.emailInvalid })
  @MaxLength(191)
  email!: string;

  @Transform(trim)
  @IsNotEmpty({ message: 'Please enter a message.' })
  @IsString()
  @MaxLength(5000, { message: 'Message must be at most 5000 characters.' })
  message!: string;
}

export class SubscribeDto {
  @Transform(lower)
  @IsNotEmpty({ message: 'Please enter your email.' })
  @IsEmail({}, { message: MSG.auth.emailInvalid })
  @MaxLength(191)
  email!: string;
}
