import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  PAYOUT_BULK_MAX,
  PAYOUT_MSG,
  PAYOUT_REASON_MAX,
  REFUND_DESTINATIONS,
  REFUND_MSG,
  type RefundDestination,
} from '@jara/contracts';
import { MinorAmountField } from './amount';
import { Doc, text } from './core';

/** POST /payouts/{id}/reject (admin): the reason is told to the vendor and kept on the payout. */
export class RejectPayoutDto {
  @Doc({ example: 'The account name does not match the KYC name' })
  @Transform(text)
  @IsNotEmpty({ message: PAYOUT_MSG.rejectReasonRequired })
  @IsString({ message: PAYOUT_MSG.rejectReasonRequired })
  @MaxLength(PAYOUT_REASON_MAX, { message: PAYOUT_MSG.reasonTooLong })
  reason!: string;
}

/** POST /payouts/approve (admin): the payouts to approve at once; each is approved or answered with its reason. */
export class BulkApprovePayoutsDto {
  @Doc({ type: [Number], example: [12, 13] })
  @IsArray({ message: PAYOUT_MSG.bulkNone })
  @ArrayMinSize(1, { message: PAYOUT_MSG.bulkNone })
  @ArrayMaxSize(PAYOUT_BULK_MAX, { message: PAYOUT_MSG.bulkTooMany })
  @IsInt({ each: true, message: PAYOUT_MSG.bulkIdInvalid })
  @Min(1, { each: true, message: PAYOUT_MSG.bulkIdInvalid })
  @Max(2_147_483_647, { each: true, message: PAYOUT_MSG.bulkIdInvalid })
  ids!: number[];
}

const DESTINATIONS = REFUND_DESTINATIONS.map((d) => d.code);

/** POST /orders/{id}/refunds (admin): part or all of what was paid, to the wallet or back to the paying card. */
export class CreateOrderRefundDto {
  @MinorAmountField('Naira, positive, at most 2 decimals; with earlier refunds at most what was paid', '1500.00')
  amount!: number;

  @Doc({ example: 'card' })
  @Transform(text)
  @IsNotEmpty({ message: REFUND_MSG.destinationInvalid })
  @IsIn(DESTINATIONS, { message: REFUND_MSG.destinationInvalid })
  destination!: RefundDestination;

  @Doc({ example: 'One of the two phones arrived broken' })
  @Transform(text)
  @IsNotEmpty({ message: REFUND_MSG.reasonRequired })
  @IsString({ message: REFUND_MSG.reasonRequired })
  @MaxLength(PAYOUT_REASON_MAX, { message: PAYOUT_MSG.reasonTooLong })
  reason!: string;
}
