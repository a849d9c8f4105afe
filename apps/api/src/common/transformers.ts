import type { ValueTransformer } from 'typeorm';

/** bigint / decimal columns come back as strings from MySQL; numbers in code. */
export const numeric: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};
