import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MSG } from '@jara/contracts';
import { Doc, text } from './core';

/** POST /guest/fees/{token}/verify: the reference the gateway sent the guest back with. */
export class GuestPaymentVerifyDto {
  @Doc({ example: 'ipay-3f9c0a...' })
  @Transform(text)
  @IsNotEmpty({ message: MSG.money.referenceRequired })
  @IsString({ message: MSG.money.referenceRequired })
  @MaxLength(100, { message: MSG.money.referenceInvalid })
  @Matches(/^[A-Za-z0-9._=-]{1,100}$/, { message: MSG.money.referenceInvalid })
  reference!: string;
}
