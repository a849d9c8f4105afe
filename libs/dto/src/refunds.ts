import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { REFUND_DESTINATIONS, REFUND_MSG, type RefundDestination } from '@jara/contracts';
import { lowerTrim, MinorAmountField, trim } from './amount';
import { Doc } from './core';

export const REFUND_DESTINATION_VALUES = REFUND_DESTINATIONS.map((d) => d.code);

/** POST /orders/{id}/refunds (admin): part or all of what is left of a paid order, to the wallet or the card. */
export class OrderRefundDto {
  @MinorAmountField('Naira, at most 2 decimals; at most what is left to refund of the order', '1500.00')
  amount!: number;

  @Doc({ example: 'card', description: "'wallet' (at once) or 'card' (through Paystack; only for a card-paid order)" })
  @Transform(lowerTrim)
  @IsDefined({ message: REFUND_MSG.destinationInvalid })
  @IsIn(REFUND_DESTINATION_VALUES, { message: REFUND_MSG.destinationInvalid })
  destination!: RefundDestination;

  @Doc({ example: 'One cup arrived broken', description: 'Required; shown to the buyer and in the history' })
  @Transform(trim)
  @IsNotEmpty({ message: REFUND_MSG.reasonRequired })
  @IsString({ message: REFUND_MSG.reasonRequired })
  @MaxLength(240, { message: 'The reason may have at most 240 characters.' })
  reason!: string;
}
