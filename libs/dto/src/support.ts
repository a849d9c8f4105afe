import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MSG, type SupportStatus } from '@jara/contracts';
import { blank, Doc, text, whole } from './core';

const STATUSES = [0, 1, 2];

/** POST /supports: name, e-mail, subject and message all required (a status sent by the client is ignored). */
export class CreateSupportDto {
  @Transform(text)
  @IsNotEmpty({ message: MSG.support.required })
  @IsString({ message: MSG.support.required })
  @MaxLength(120)
  name!: string;

  @Transform(({ value }) => (blank(value) ? undefined : typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsNotEmpty({ message: MSG.support.required })
  @IsEmail({}, { message: MSG.auth.emailInvalid })
  @MaxLength(191)
  email!: string;

  @Transform(text)
  @IsNotEmpty({ message: MSG.support.required })
  @IsString({ message: MSG.support.required })
  @MaxLength(200)
  subject!: string;

  @Transform(text)
  @IsNotEmpty({ message: MSG.support.required })
  @IsString({ message: MSG.support.required })
  @MaxLength(5000)
  message!: string;
}

/** PATCH /supports/{id} (admin): 1 Open, 2 In Progress, 0 Closed. */
export class SupportStatusDto {
  @Transform(whole)
  @IsNotEmpty({ message: MSG.support.statusInvalid })
  @IsIn(STATUSES, { message: MSG.support.statusInvalid })
  status!: SupportStatus;
}

/** POST /support-responses: a reply in the thread; an admin's may set the request's status (default 2). */
export class CreateSupportResponseDto {
  @Transform(whole)
  @IsNotEmpty({ message: MSG.support.notFound })
  @IsInt({ message: MSG.support.notFound })
  @Min(1, { message: MSG.support.notFound })
  @Max(2_147_483_647, { message: MSG.support.notFound })
  support_id!: number;

  @Transform(text)
  @IsNotEmpty({ message: MSG.support.blankReply })
  @IsString({ message: MSG.support.blankReply })
  @MaxLength(5000)
  message!: string;

  @Doc({ description: "Admins only: the request's new status (default 2 In Progress)" })
  @Transform(whole)
  @IsOptional()
  @IsIn(STATUSES, { message: MSG.support.statusInvalid })
  status?: SupportStatus;
}

/** PATCH /support-responses/{id}/status: the other side marks a reply read (1) or unread (0). */
export class SupportResponseStatusDto {
  @Transform(whole)
  @IsNotEmpty({ message: 'Status must be 0 (unread) or 1 (read).' })
  @IsIn([0, 1], { message: 'Status must be 0 (unread) or 1 (read).' })
  status!: 0 | 1;
}
