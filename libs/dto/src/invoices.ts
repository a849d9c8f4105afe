import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { MSG, type PaymentMethod, type WalletCurrency } from '@jara/contracts';
import { lowerTrim, MinorAmountField, trim, WalletCurrencyField } from './amount';
import { Doc } from './core';

/** A user id: a safe whole number (1e21 and '1.5' are refused, never rounded or sent to the database). */
const toId = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null || value === '') return undefined;
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,15}$/.test(value.trim())
        ? Number(value)
        : Number.NaN;
  return Number.isSafeInteger(id) ? id : Number.NaN;
};

/** POST /invoices (admin): a manual invoice (ManualInvoiceInput). */
export class ManualInvoiceDto {
  @Doc({ example: 12 })
  @Transform(toId)
  @IsDefined({ message: MSG.money.userRequired })
  @IsInt({ message: MSG.money.userRequired })
  @Min(1, { message: MSG.money.userRequired })
  user_id!: number;

  @MinorAmountField(undefined, '7500')
  amount!: number;

  @WalletCurrencyField()
  currency!: WalletCurrency;

  @Doc({ example: 'Storage fee (March)' })
  @Transform(trim)
  @IsNotEmpty({ message: MSG.money.descriptionRequired })
  @IsString({ message: MSG.money.descriptionRequired })
  @MaxLength(255, { message: 'The description may have at most 255 characters.' })
  description!: string;
}

/** POST /invoices/{id}/pay. */
export class PayInvoiceDto {
  @Transform(lowerTrim)
  @IsDefined({ message: MSG.money.methodInvalid })
  @IsIn(['wallet', 'paystack'], { message: MSG.money.methodInvalid })
  method!: PaymentMethod;
}
