import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsString,
  Matches,
  MaxLength,
  Min,
} from 'class-validator';
import { NUBAN_PATTERN, PAYOUT_MSG } from '@jara/contracts';
import { MinorAmountField, trim } from './amount';
import { Doc } from './core';

/** Digits only: '0123 456 789' and ' 0123456789 ' are the same NUBAN. */
const digits = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value);

/** POST /vendor-payouts/account/resolve: the bank and the 10-digit NUBAN whose account name is looked up. */
export class ResolveAccountDto {
  @Doc({ example: '058', description: "Paystack's bank code (GET /vendor-payouts/banks)" })
  @Transform(trim)
  @IsNotEmpty({ message: PAYOUT_MSG.bankCodeRequired })
  @IsString({ message: PAYOUT_MSG.bankCodeRequired })
  @Matches(/^[A-Za-z0-9]{1,20}$/, { message: PAYOUT_MSG.bankUnknown })
  bank_code!: string;

  @Doc({ example: '0123456789', description: 'The 10-digit NUBAN' })
  @Transform(digits)
  @IsNotEmpty({ message: PAYOUT_MSG.accountNumberInvalid })
  @IsString({ message: PAYOUT_MSG.accountNumberInvalid })
  @Matches(NUBAN_PATTERN, { message: PAYOUT_MSG.accountNumberInvalid })
  account_number!: string;
}

/** PUT /vendor-payouts/account: the account (resolved again on the server) and the vendor's password. */
export class VendorPayoutAccountDto extends ResolveAccountDto {
  @Doc({ example: 'secret123', description: "The vendor's current password (a changed account is a takeover risk)" })
  @IsNotEmpty({ message: PAYOUT_MSG.passwordRequired })
  @IsString({ message: PAYOUT_MSG.passwordRequired })
  @MaxLength(200, { message: PAYOUT_MSG.passwordWrong })
  password!: string;
}

/** POST /vendor-payouts/withdrawals: naira to send to the payout account (the fee is taken beside it). */
export class WithdrawDto {
  @MinorAmountField('Naira, at most 2 decimals; at least the minimum withdrawal', '5000.00')
  amount!: number;
}

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
