import type { CrudFilter } from '@refinedev/core';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const DAY = 'YYYY-MM-DD';

/** The value of a list's filter on `field` with `operator`, or undefined when it is not set. */
export function filterValue(filters: CrudFilter[], field: string, operator = 'eq'): string | undefined {
  const found = filters.find((f) => 'field' in f && f.field === field && f.operator === operator);
  return found && 'value' in found && found.value !== undefined && found.value !== '' ? String(found.value) : undefined;
}

/** The values of a repeatable filter (`status=1&status=2`, the `in` operator), as strings. */
export function filterValues(filters: CrudFilter[], field: string): string[] {
  const found = filters.find((f) => 'field' in f && f.field === field && f.operator === 'in');
  const value = found && 'value' in found ? (found.value as unknown) : undefined;
  if (Array.isArray(value)) return value.map(String);
  return value === undefined || value === null || value === '' ? [] : [String(value)];
}

/**
 * A created_at range filter in whole days (created_at_gte / created_at_lte, both inclusive on the server), for the
 * lists that filter by date: picking or clearing a range goes back to page 1.
 */
export function CreatedBetween(props: {
  filters: CrudFilter[];
  /** Sets the filters and goes back to page 1 (useListTable's applyFilters). */
  applyFilters: (filters: CrudFilter[]) => void;
  text: { dateFilter: string; dateStart: string; dateEnd: string };
}) {
  const { filters, applyFilters, text } = props;
  const from = filterValue(filters, 'created_at', 'gte');
  const to = filterValue(filters, 'created_at', 'lte');
  const apply = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = range ?? [null, null];
    applyFilters([
      { field: 'created_at', operator: 'gte', value: start ? start.format(DAY) : undefined },
      { field: 'created_at', operator: 'lte', value: end ? end.format(DAY) : undefined },
    ]);
  };
  return (
    <DatePicker.RangePicker
      aria-label={text.dateFilter}
      placeholder={[text.dateStart, text.dateEnd]}
      allowEmpty={[true, true]}
      value={[from ? dayjs(from, DAY) : null, to ? dayjs(to, DAY) : null]}
      onChange={(range) => apply(range as [Dayjs | null, Dayjs | null] | null)}
      style={{ flex: '0 1 260px' }}
    />
  );
}
