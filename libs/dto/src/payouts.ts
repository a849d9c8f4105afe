import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { PAYOUT_MSG } from '@jara/contracts';
import { trim } from './amount';
import { Doc } from './core';

/** POST /payouts/{id}/reject (admin). */
export class RejectPayoutDto {
  @Doc({ example: 'Account name does not match the KYC name', description: 'Shown to the vendor' })
  @Transform(trim)
  @IsNotEmpty({ message: PAYOUT_MSG.reasonRequired })
  @IsString({ message: PAYOUT_MSG.reasonRequired })
  @MaxLength(240, { message: 'The reason may have at most 240 characters.' })
  reason!: string;
}

/** POST /payouts/approve (admin): 1 to 100 payout ids. */
export class BulkApprovePayoutsDto {
  @Doc({ example: [12, 13], description: 'Payout ids awaiting approval (1 to 100)' })
  @IsArray({ message: PAYOUT_MSG.idsRequired })
  @ArrayMinSize(1, { message: PAYOUT_MSG.idsRequired })
  @ArrayMaxSize(100, { message: PAYOUT_MSG.idsRequired })
  @IsInt({ each: true, message: PAYOUT_MSG.idsRequired })
  @Min(1, { each: true, message: PAYOUT_MSG.idsRequired })
  ids!: number[];
}
