import type { ReactNode } from 'react';
import { Select, Space, Tag, Typography } from 'antd';
import { ACTIVE, INACTIVE, activeLabel, formatLongDateTime, isActive } from '@jara/contracts';

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

/** A small grey line of a cell (the e-mail under a name, the date on a phone); `wrap` breaks a long word anywhere. */
export const SubText = ({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) => (
  <Typography.Text type="secondary" style={wrap ? { fontSize: 12, overflowWrap: 'anywhere' } : { fontSize: 12 }}>
    {children}
  </Typography.Text>
);

/** A cell's lines one under the other: its main text and the SubText lines under it. */
export const Lines = ({ children, gap = 0 }: { children: ReactNode; gap?: number }) => (
  <Space direction="vertical" size={gap}>
    {children}
  </Space>
);

/** A moment as a <time> element in the long date-and-time format. */
export const When = ({ at }: { at: string }) => <time dateTime={at}>{formatLongDateTime(at)}</time>;
