import { Transform } from 'class-transformer';
import { IsDefined, IsIn, ValidateBy, type ValidationArguments } from 'class-validator';
import { AMOUNT_DECIMALS_MESSAGE, AmountError, MSG, toMinorUnits, WALLET_CURRENCIES } from '@jara/contracts';
import { compose, Doc } from './core';

/** Why an amount was refused, kept until validation so the 422 names the reason. */
export class RejectedAmount {
  constructor(public readonly message: string) {}
}

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * An amount of major units ('5000', '5,000.50', 5000.5) becomes integer minor units by the one rule of toMinorUnits:
 * more than 2 decimals, exponents (1e21), NaN and non-scalars are refused, never rounded.
 */
export const toMinor = ({ value }: { value: unknown }) => {
  if (blank(value)) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return new RejectedAmount(MSG.money.amountInvalid);
  try {
    return toMinorUnits(value);
  } catch (error) {
    if (error instanceof AmountError && error.problem === 'decimals')
      return new RejectedAmount(AMOUNT_DECIMALS_MESSAGE);
    return new RejectedAmount(MSG.money.amountInvalid);
  }
};

function amountProblem(value: unknown): string | null {
  if (value instanceof RejectedAmount) return value.message;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return MSG.money.amountInvalid;
  return value > 0 ? null : MSG.money.amountPositive;
}

/** A positive whole number of minor units (after toMinor), or the reason it is not. */
export function IsMinorAmount(): PropertyDecorator {
  return ValidateBy({
    name: 'isMinorAmount',
    validator: {
      validate: (value: unknown) => amountProblem(value) === null,
      defaultMessage: (args?: ValidationArguments) => amountProblem(args?.value) ?? MSG.money.amountInvalid,
    },
  });
}

export const upperTrim = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;
export const lowerTrim = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** An amount field of a money DTO: major units on the wire ('5000', at most 2 decimals), minor units after it. */
export function MinorAmountField(
  description = 'Major units, positive, at most 2 decimals',
  example = '5000',
): PropertyDecorator {
  return compose(
    Doc({ example, description }),
    Transform(toMinor),
    IsDefined({ message: MSG.money.amountRequired }),
    IsMinorAmount(),
  );
}

/** A wallet currency field of a money DTO (USD or NGN, case-insensitive on the wire). */
export function WalletCurrencyField(): PropertyDecorator {
  return compose(
    Transform(upperTrim),
    IsDefined({ message: MSG.money.currencyWallet }),
    IsIn(WALLET_CURRENCIES as unknown as string[], { message: MSG.money.currencyWallet }),
  );
}
