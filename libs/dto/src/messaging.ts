import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches } from 'class-validator';
import { MESSAGING_MSG, normaliseNigerianPhone } from '@jara/contracts';
import { Doc } from './core';

/** A checkbox or JSON boolean: true/false, 'true'/'false', '1'/'0', 'on'. */
const bool = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' || value === 1 || value === 'on'
    ? true
    : value === 'false' || value === '0' || value === 0
      ? false
      : value;

/** POST /user/messages/phone: the number to verify (normalised to +234...). */
export class StartPhoneVerificationDto {
  @Doc({ example: '0803 123 4567', description: 'A Nigerian mobile number; stored in E.164 (+2348031234567)' })
  @Transform(({ value }) => (typeof value === 'string' ? (normaliseNigerianPhone(value) ?? value.trim()) : value))
  @IsNotEmpty({ message: MESSAGING_MSG.phoneInvalid })
  @IsString({ message: MESSAGING_MSG.phoneInvalid })
  @Matches(/^\+234[789][01]\d{8}$/, { message: MESSAGING_MSG.phoneInvalid })
  phone!: string;
}

/** POST /user/messages/phone/verify: the 6-digit code sent by SMS. */
export class VerifyPhoneDto {
  @Doc({ example: '123456' })
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s/g, '') : value))
  @IsNotEmpty({ message: MESSAGING_MSG.codeFormat })
  @IsString({ message: MESSAGING_MSG.codeFormat })
  @Matches(/^\d{6}$/, { message: MESSAGING_MSG.codeFormat })
  code!: string;
}

/** PUT /user/messages/channels: where delivery status updates go; an absent channel keeps its setting. */
export class MessageChannelsDto {
  @Doc({ description: 'Update e-mails (the same setting as POST /user/notification-preferences)' })
  @Transform(bool)
  @IsOptional()
  @IsBoolean({ message: 'email must be true or false.' })
  email?: boolean;

  @Doc({ description: 'Delivery status updates in the notification bell' })
  @Transform(bool)
  @IsOptional()
  @IsBoolean({ message: 'in_app must be true or false.' })
  in_app?: boolean;

  @Doc({ description: 'SMS to the verified number' })
  @Transform(bool)
  @IsOptional()
  @IsBoolean({ message: 'sms must be true or false.' })
  sms?: boolean;

  @Doc({ description: 'WhatsApp template messages to the verified number' })
  @Transform(bool)
  @IsOptional()
  @IsBoolean({ message: 'whatsapp must be true or false.' })
  whatsapp?: boolean;
}
