import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import {
  DELIVERY_FAILURE_REASONS,
  LAST_MILE_KINDS,
  PROBLEM_ACTIONS,
  PROBLEM_MSG,
  RIDER_MSG,
  parseContents,
  type DeliveryContentInput,
  type DeliveryFailureReason,
  type LastMileKind,
  type ProblemActionKind,
} from '@jara/contracts';
import { blank, Doc, text, whole } from './core';

/** A list sent as JSON text (a form field) is read as the list. */
const jsonList = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  if (!value.trim()) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** The declared contents (issue 26): lines checked by the contracts' parseContents, its first message on refusal. */
export function Contents(): PropertyDecorator {
  return (target, key) => {
    Doc({
      description:
        'Declared contents: [{description, quantity, value (US dollars, at most 2 decimals), category (CONTENT_CATEGORIES)}]',
      example: [{ description: 'Cotton T-shirts', quantity: 3, value: '24.50', category: 'clothing' }],
    })(target, key);
    Transform(jsonList)(target, key);
    IsOptional()(target, key);
    ValidateBy({
      name: 'contents',
      validator: {
        validate: (value: unknown) => Object.keys(parseContents(value).errors).length === 0,
        defaultMessage: (args) => Object.values(parseContents(args?.value).errors)[0]?.[0] ?? 'Invalid contents.',
      },
    })(target, key as string);
  };
}

export function LastMile(): PropertyDecorator {
  return (target, key) => {
    Doc({ description: "The last mile: 'address' (a rider) or 'pickup' (collected at a Jara location)" })(target, key);
    Transform(text)(target, key);
    IsOptional()(target, key);
    IsIn(
      LAST_MILE_KINDS.map((k) => k.value),
      { message: 'Choose delivery to your address or pickup at a Jara location.' },
    )(target, key);
  };
}

/** PUT /trackings/{id}/contents: the whole list, replacing the one declared. */
export class DeliveryContentsDto {
  @Contents()
  contents?: DeliveryContentInput[];
}

/** PUT /trackings/{id}/rider (admin): the rider of the parcel's last mile, or null to take it off their list. */
export class AssignRiderDto {
  @Doc({ description: 'A user with the rider role; null unassigns', example: 12 })
  @Transform(({ value }) => (value === null || blank(value) ? null : whole({ value })))
  @IsOptional()
  @IsInt({ message: RIDER_MSG.riderUnknown })
  @Min(1, { message: RIDER_MSG.riderUnknown })
  @Max(2_147_483_647, { message: RIDER_MSG.riderUnknown })
  rider_id!: number | null;
}

/**
 * POST /rider/parcels/{id}/attempts (rider, multipart): delivered with recipient_name, photo and signature (a PNG),
 * or failed with a reason of DELIVERY_FAILURE_REASONS.
 */
export class RiderAttemptDto {
  @Transform(text)
  @IsNotEmpty({ message: RIDER_MSG.outcomeInvalid })
  @IsIn(['delivered', 'failed'], { message: RIDER_MSG.outcomeInvalid })
  outcome!: 'delivered' | 'failed';

  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(120)
  recipient_name?: string;

  @Transform(text)
  @IsOptional()
  @IsIn(DELIVERY_FAILURE_REASONS.map((r) => r.value), { message: RIDER_MSG.reasonInvalid })
  reason?: DeliveryFailureReason;

  @Doc({ type: 'string', format: 'binary', description: 'A photo of the handed-over parcel (JPEG, PNG, WebP)' })
  photo?: unknown;

  @Doc({ type: 'string', format: 'binary', description: "The recipient's drawn signature (PNG)" })
  signature?: unknown;
}

/** POST /problems/actions (admin): what was done about a parcel in a category of the queue. */
export class ProblemActionDto {
  @Doc({ example: 'stalled_5' })
  @Transform(text)
  @IsNotEmpty({ message: PROBLEM_MSG.categoryUnknown })
  @IsString({ message: PROBLEM_MSG.categoryUnknown })
  @MaxLength(30, { message: PROBLEM_MSG.categoryUnknown })
  category!: string;

  @Transform(whole)
  @IsNotEmpty({ message: RIDER_MSG.notFound })
  @IsInt({ message: RIDER_MSG.notFound })
  @Min(1, { message: RIDER_MSG.notFound })
  @Max(2_147_483_647, { message: RIDER_MSG.notFound })
  delivery_id!: number;

  @Transform(text)
  @IsNotEmpty({ message: PROBLEM_MSG.actionInvalid })
  @IsIn(PROBLEM_ACTIONS.map((a) => a.value), { message: PROBLEM_MSG.actionInvalid })
  action!: ProblemActionKind;

  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string;
}

export type { LastMileKind };
