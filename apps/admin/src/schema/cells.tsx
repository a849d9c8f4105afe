import { Select, Tag } from 'antd';
import { ACTIVE, INACTIVE, activeLabel, isActive } from '@jara/contracts';

/** Active / Inactive (spec 4) as a tag. */
export function ActiveTag({ status }: { status: number }) {
  return <Tag color={isActive(status) ? 'success' : 'default'}>{activeLabel(status)}</Tag>;
}

export const ACTIVE_OPTIONS = [ACTIVE, INACTIVE].map((value) => ({ value: Number(value), label: activeLabel(value) }));

/** A form's Active / Inactive select, named by its label. */
export const activeSelect = (label: string) => <Select aria-label={label} options={ACTIVE_OPTIONS} />;

/**
 * An antd Select rule without `required` (that one puts aria-required on the combobox, which axe refuses):
 * a value must be chosen, else `message`.
 */
export const chosen = (message: string) => ({
  validator: async (_: unknown, value: unknown) => {
    if (value === undefined || value === null || value === '') throw new Error(message);
  },
});
