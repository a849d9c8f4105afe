import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MSG, ROLES, type Role, type UserStatusValue } from '@jara/contracts';
import { Doc } from './core';

/** Empty strings and null mean "not sent": only non-empty fields are applied. */
const emptyToUndefined = ({ value }: { value: unknown }) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? value.trim() : value;
const lowerEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined;

export class UpdateProfileDto {
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(120)
  name?: string;

  @Doc({
    description: 'Only the current address is accepted (422 otherwise): change it with POST /user/change-email.',
  })
  @Transform(lowerEmail)
  @IsOptional()
  @IsEmail({}, { message: MSG.auth.emailInvalid })
  @MaxLength(191)
  email?: string;

  @Doc({ example: '+2348012345678' })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @Matches(/^\+?[0-9 ()-]{7,20}$/, { message: 'Please enter a valid phone number.' })
  phone?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(255)
  address?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(100)
  city?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(20)
  postal_code?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(100)
  country?: string;
}

/** A change of e-mail, role or status ends every session of the user (their old tokens answer 401). */
export class AdminUpdateUserDto {
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(120)
  name?: string;

  @Doc({ description: "Changing it ends the user's sessions." })
  @Transform(lowerEmail)
  @IsOptional()
  @IsEmail({}, { message: MSG.auth.emailInvalid })
  @MaxLength(191)
  email?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @Matches(/^\+?[0-9 ()-]{7,20}$/, { message: 'Please enter a valid phone number.' })
  phone?: string;

  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined))
  @IsOptional()
  @IsIn(ROLES as unknown as string[], { message: `Role must be one of: ${ROLES.join(', ')}.` })
  role?: Role;

  @Transform(({ value }) => (value === '' || value === null || value === undefined ? undefined : String(value)))
  @IsOptional()
  @IsIn(['1', '0'], { message: "Status must be '1' (active) or '0' (inactive)." })
  status?: UserStatusValue;
}

/** POST /user/notification-preferences: update e-mails on or off. */
export class NotificationPreferencesDto {
  @Transform(({ value }) =>
    value === 'true' || value === '1' || value === 1
      ? true
      : value === 'false' || value === '0' || value === 0
        ? false
        : value,
  )
  @IsBoolean({ message: 'email_updates must be true or false.' })
  email_updates!: boolean;
}
