import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { Doc } from './core';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const toStatus = ({ value }: { value: unknown }) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

export class CreateCategoryDto {
  @Transform(trim)
  @IsNotEmpty({ message: 'Category name is required.' })
  @IsString()
  @MaxLength(100)
  name!: string;

  @Doc({ default: 1 })
  @Transform(toStatus)
  @IsOptional()
  @IsIn([0, 1], { message: 'Status must be 1 (active) or 0 (inactive).' })
  status?: 0 | 1;
}

export class UpdateCategoryDto {
  @Transform(trim)
  // Absent leaves the name alone; null or blank is refused (the column is NOT NULL), not a 500.
  @ValidateIf((_dto: unknown, value: unknown) => value !== undefined)
  @IsNotEmpty({ message: 'Category name is required.' })
  @IsString()
  @MaxLength(100)
  name?: string;

  @Transform(toStatus)
  @IsOptional()
  @IsIn([0, 1], { message: 'Status must be 1 (active) or 0 (inactive).' })
  status?: 0 | 1;
}
