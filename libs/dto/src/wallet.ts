import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MSG, type LedgerDirection, type WalletCurrency } from '@jara/contracts';
import { lowerTrim, MinorAmountField, trim, WalletCurrencyField } from './amount';
import { Doc } from './core';

/** POST /wallet/fund. */
export class FundWalletDto {
  @MinorAmountField('Major units (naira or dollars), at most 2 decimals; at least 100 NGN / 1 USD')
  amount!: number;

  @WalletCurrencyField()
  currency!: WalletCurrency;
}

/** POST /wallets/{userId}/adjustments (admin). */
export class WalletAdjustmentDto {
  @MinorAmountField(undefined, '2500')
  amount!: number;

  @WalletCurrencyField()
  currency!: WalletCurrency;

  @Transform(lowerTrim)
  @IsDefined({ message: MSG.money.directionInvalid })
  @IsIn(['credit', 'debit'], { message: MSG.money.directionInvalid })
  direction!: LedgerDirection;

  @Doc({
    example: 'Refund for a damaged parcel',
    description: 'Required; shown as the ledger entry description',
  })
  @Transform(trim)
  @IsNotEmpty({ message: MSG.money.reasonRequired })
  @IsString({ message: MSG.money.reasonRequired })
  @MaxLength(240, { message: 'The reason may have at most 240 characters.' })
  reason!: string;
}
