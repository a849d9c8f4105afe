import type { CrudFilter, CrudFilters } from '@refinedev/core';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const DAY = 'YYYY-MM-DD';

/** The value of a list's filter on `field` with `operator`, or undefined when it is not set. */
export function filterValue(filters: CrudFilter[], field: string, operator = 'eq'): string | undefined {
  const found = filters.find((f) => 'field' in f && f.field === field && f.operator === operator);
  return found && 'value' in found && found.value !== undefined && found.value !== '' ? String(found.value) : undefined;
}

/**
 * A created_at range filter in whole days (created_at_gte / created_at_lte, both inclusive on the server), for the
 * lists that filter by date: picking or clearing a range goes back to page 1.
 */
export function CreatedBetween(props: {
  filters: CrudFilter[];
  setFilters: (filters: CrudFilters, behavior?: 'merge' | 'replace') => void;
  setCurrentPage: (page: number) => void;
  text: { dateFilter: string; dateStart: string; dateEnd: string };
}) {
  const { filters, setFilters, setCurrentPage, text } = props;
  const from = filterValue(filters, 'created_at', 'gte');
  const to = filterValue(filters, 'created_at', 'lte');
  const apply = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = range ?? [null, null];
    setFilters(
      [
        { field: 'created_at', operator: 'gte', value: start ? start.format(DAY) : undefined },
        { field: 'created_at', operator: 'lte', value: end ? end.format(DAY) : undefined },
      ],
      'merge',
    );
    setCurrentPage(1);
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
