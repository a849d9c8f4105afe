import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MSG, WALLET_CURRENCIES, type LedgerDirection, type WalletCurrency } from '@jara/contracts';
import { IsMinorAmount, lowerTrim, toMinor, trim, upperTrim } from './amount';

/** POST /wallet/fund. */
export class FundWalletDto {
  @ApiProperty({
    example: '5000',
    description: 'Major units (naira or dollars), at most 2 decimals; at least 100 NGN / 1 USD',
  })
  @Transform(toMinor)
  @IsDefined({ message: MSG.money.amountRequired })
  @IsMinorAmount()
  amount!: number;

  @ApiProperty({ enum: WALLET_CURRENCIES })
  @Transform(upperTrim)
  @IsDefined({ message: MSG.money.currencyWallet })
  @IsIn(WALLET_CURRENCIES as unknown as string[], { message: MSG.money.currencyWallet })
  currency!: WalletCurrency;
}

/** POST /wallets/{userId}/adjustments (admin). */
export class WalletAdjustmentDto {
  @ApiProperty({ example: '2500', description: 'Major units, positive, at most 2 decimals' })
  @Transform(toMinor)
  @IsDefined({ message: MSG.money.amountRequired })
  @IsMinorAmount()
  amount!: number;

  @ApiProperty({ enum: WALLET_CURRENCIES })
  @Transform(upperTrim)
  @IsDefined({ message: MSG.money.currencyWallet })
  @IsIn(WALLET_CURRENCIES as unknown as string[], { message: MSG.money.currencyWallet })
  currency!: WalletCurrency;

  @ApiProperty({ enum: ['credit', 'debit'] })
  @Transform(lowerTrim)
  @IsDefined({ message: MSG.money.directionInvalid })
  @IsIn(['credit', 'debit'], { message: MSG.money.directionInvalid })
  direction!: LedgerDirection;

  @ApiProperty({
    example: 'Refund for a damaged parcel',
    description: 'Required; shown as the ledger entry description',
  })
  @Transform(trim)
  @IsNotEmpty({ message: MSG.money.reasonRequired })
  @IsString({ message: MSG.money.reasonRequired })
  @MaxLength(240, { message: 'The reason may have at most 240 characters.' })
  reason!: string;
}
