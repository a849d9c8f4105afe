import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MSG, NUBAN_PATTERN } from '@jara/contracts';
import { MinorAmountField, trim } from './amount';
import { Doc } from './core';

/** Spaces and dashes people type inside an account number ('0123 456 789') go; the ten digits stay. */
const digits = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value);

/** POST /vendor-payouts/account/resolve: the name the bank holds for a NUBAN (issue 24). */
export class ResolveAccountDto {
  @Doc({ example: '058', description: "Paystack's bank code (GET /vendor-payouts/banks)" })
  @Transform(trim)
  @IsNotEmpty({ message: MSG.payouts.bankRequired })
  @IsString({ message: MSG.payouts.bankRequired })
  @MaxLength(20, { message: MSG.payouts.bankRequired })
  bank_code!: string;

  @Doc({ example: '0123456789', description: 'The 10-digit NUBAN' })
  @Transform(digits)
  @IsNotEmpty({ message: MSG.payouts.accountNumberInvalid })
  @IsString({ message: MSG.payouts.accountNumberInvalid })
  @Matches(NUBAN_PATTERN, { message: MSG.payouts.accountNumberInvalid })
  account_number!: string;
}

/** PUT /vendor-payouts/account: the account resolved again on the server, saved with the vendor's password. */
export class VendorPayoutAccountDto extends ResolveAccountDto {
  @IsNotEmpty({ message: MSG.payouts.passwordRequired })
  @IsString({ message: MSG.payouts.passwordRequired })
  @MaxLength(200)
  password!: string;
}

/** POST /vendor-payouts/withdrawals: an amount of naira ('5000.00'); the minimum and the balance are the API's. */
export class WithdrawDto {
  @MinorAmountField('Naira, at most 2 decimals; at least the minimum withdrawal, at most the available balance')
  amount!: number;
}
