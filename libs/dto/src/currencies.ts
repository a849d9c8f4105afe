import { Transform } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { CURRENCY_CODE_MAX, MSG } from '@jara/contracts';
import { rateToMicro } from '@jara/contracts';
import { Doc, PartialType } from './core';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const code = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
/** A price becomes micro-units; anything that is not a positive decimal (6 places at most) becomes NaN (refused). */
const micro = ({ value }: { value: unknown }) => (value === undefined ? undefined : (rateToMicro(value) ?? Number.NaN));

function IsRateMicro(): PropertyDecorator {
  return ValidateBy({
    name: 'isRateMicro',
    validator: {
      validate: (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0,
      defaultMessage: () => MSG.currency.pricesPositive,
    },
  });
}

/** POST /currencies: the spec's messages ('Name and Code are required', 'Buy and Sell prices must be positive numbers'). */
export class CreateCurrencyDto {
  @Doc({ example: 'Nigerian Naira' })
  @Transform(trim)
  @IsNotEmpty({ message: MSG.currency.nameCodeRequired })
  @IsString({ message: MSG.currency.nameCodeRequired })
  @MaxLength(100, { message: 'The name may have at most 100 characters.' })
  name!: string;

  @Doc({
    example: 'NGN',
    description: `Upper-cased; letters and digits, at most ${CURRENCY_CODE_MAX} characters; unique`,
  })
  @Transform(code)
  @IsNotEmpty({ message: MSG.currency.nameCodeRequired })
  @IsString({ message: MSG.currency.nameCodeRequired })
  @MaxLength(CURRENCY_CODE_MAX, { message: MSG.money.currencyCodeTooLong })
  @Matches(/^[A-Z0-9]+$/, { message: MSG.money.currencyCodeFormat })
  code!: string;

  @Doc({
    example: '1500',
    description: 'Price per US dollar: a positive decimal (string or number), at most 6 decimal places',
  })
  @Transform(micro)
  @IsDefined({ message: MSG.currency.pricesPositive })
  @IsRateMicro()
  buy_price!: number;

  @Doc({
    example: '1500',
    description: 'Price per US dollar: a positive decimal (string or number), at most 6 decimal places',
  })
  @Transform(micro)
  @IsDefined({ message: MSG.currency.pricesPositive })
  @IsRateMicro()
  sell_price!: number;
}

/** PATCH /currencies/{id}: the same fields, each optional; a field that is sent is checked as on create. */
export class UpdateCurrencyDto extends PartialType(CreateCurrencyDto) {}
