import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import {
  LOGISTICS_RATE_MAX,
  MSG,
  SHIPPING_TYPES,
  WAREHOUSE_TYPE_VALUES,
  type ShippingTitleStatus,
  type ShippingType,
  type WarehouseType,
} from '@jara/contracts';
import { blank, Doc, PartialType, text, whole } from './core';

const SHIPPING_TYPE_VALUES = SHIPPING_TYPES.map((t) => t.value);
const ID_MESSAGE = MSG.locations.unknown;

export class CreateLocationDto {
  @Transform(text)
  @IsNotEmpty({ message: MSG.locations.nameRequired })
  @IsString({ message: MSG.locations.nameRequired })
  @MaxLength(100)
  name!: string;

  @Doc({ default: 1 })
  @Transform(whole)
  @IsOptional()
  @IsIn([0, 1], { message: 'Status must be 1 (active) or 0 (inactive).' })
  status?: 0 | 1;
}
export class UpdateLocationDto extends PartialType(CreateLocationDto) {}

export class CreateWarehouseDto {
  @Transform(text)
  @IsNotEmpty({ message: MSG.warehouses.nameRequired })
  @IsString({ message: MSG.warehouses.nameRequired })
  @MaxLength(120)
  name!: string;

  @Transform(whole)
  @IsNotEmpty({ message: ID_MESSAGE })
  @IsInt({ message: ID_MESSAGE })
  @Min(1, { message: ID_MESSAGE })
  @Max(2_147_483_647, { message: ID_MESSAGE })
  location_id!: number;

  @Transform(text)
  @IsNotEmpty({ message: MSG.warehouses.typeInvalid })
  @IsIn(WAREHOUSE_TYPE_VALUES, { message: MSG.warehouses.typeInvalid })
  type!: WarehouseType;

  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(500)
  address?: string;

  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(255)
  contact?: string;
}
export class UpdateWarehouseDto extends PartialType(CreateWarehouseDto) {}

/** Create: name and location required ('Please fill all fields'); type sea_cargo (default) or air_cargo. */
export class CreateShippingDto {
  @Transform(text)
  @IsNotEmpty({ message: MSG.shipping.fillAllFields })
  @IsString({ message: MSG.shipping.fillAllFields })
  @MaxLength(120)
  name!: string;

  @Transform(whole)
  @IsNotEmpty({ message: MSG.shipping.fillAllFields })
  @IsInt({ message: ID_MESSAGE })
  @Min(1, { message: ID_MESSAGE })
  @Max(2_147_483_647, { message: ID_MESSAGE })
  location_id!: number;

  @Doc({ default: 'sea_cargo' })
  @Transform(text)
  @IsOptional()
  @IsIn(SHIPPING_TYPE_VALUES, { message: MSG.shipping.typeInvalid })
  type?: ShippingType;

  @Doc({ default: 1 })
  @Transform(whole)
  @IsOptional()
  @IsIn([1, 2, 3], { message: MSG.shipping.statusInvalid })
  status?: ShippingTitleStatus;
}

/** Edit: any of the fields; a field that is sent must not be blank ('Please fill all fields'). */
export class UpdateShippingDto extends PartialType(CreateShippingDto) {}

/** A rate in dollars: a number, at most 2 decimals, not negative ('Please enter valid numbers', 'Values cannot be negative'). */
function Rate(): PropertyDecorator {
  return (target, key) => {
    Doc({ example: 12.5 })(target, key);
    Transform(({ value }) => (blank(value) ? undefined : value))(target, key);
    IsNotEmpty({ message: MSG.logisticsSettings.invalidNumbers })(target, key);
    ValidateBy({
      name: 'rate',
      validator: {
        validate: (value: unknown) => {
          const n =
            typeof value === 'number'
              ? value
              : typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)
                ? Number(value)
                : NaN;
          return (
            Number.isFinite(n) && n >= 0 && n <= LOGISTICS_RATE_MAX && Math.abs(Math.round(n * 100) - n * 100) < 1e-6
          );
        },
        defaultMessage: (args) => {
          const v = args?.value;
          const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
          return Number.isFinite(n) && n < 0 ? MSG.logisticsSettings.negative : MSG.logisticsSettings.invalidNumbers;
        },
      },
    })(target, key as string);
  };
}

export class LogisticsSettingsDto {
  @Rate()
  cost_per_cmb3!: number | string;

  @Rate()
  cost_per_kg!: number | string;
}
