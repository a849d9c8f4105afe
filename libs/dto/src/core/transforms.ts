/** The class-transformer helpers every DTO uses, defined once. */

/** Absent: undefined, null, or text of blanks only. */
export const blank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Text trimmed; blank text is "not sent" (so IsNotEmpty / IsOptional decide). */
export const text = ({ value }: { value: unknown }): unknown =>
  blank(value) ? undefined : typeof value === 'string' ? value.trim() : value;

/** Whole numbers arrive as numbers (JSON) or digit strings (forms); anything else stays as is and fails IsInt. */
export const whole = ({ value }: { value: unknown }): unknown =>
  blank(value) ? undefined : typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim()) ? Number(value) : value;
