import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import type { CrudFilter, CrudOperators } from '@refinedev/core';
import { DatePicker, Flex, Select, type SelectProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ListSearch } from './list-search';

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

/** What a toolbar's filters need of their list: useListTable's filters, applyFilter and applyFilters. */
export interface FilterTable {
  filters: CrudFilter[];
  applyFilter: (field: string, value: unknown, operator?: Exclude<CrudOperators, 'or' | 'and'>) => void;
  /** Sets the filters and goes back to page 1. */
  applyFilters: (filters: CrudFilter[]) => void;
}

const ToolbarTable = createContext<FilterTable | null>(null);

function useToolbarTable(): FilterTable {
  const table = useContext(ToolbarTable);
  if (!table) throw new Error('A list filter belongs in a Toolbar');
  return table;
}

/** A list's toolbar: its filters (FilterSearch, FilterSelect, CreatedBetween) act on `table`. */
export function Toolbar({ table, children }: { table: FilterTable; children: ReactNode }) {
  return (
    <ToolbarTable.Provider value={table}>
      <Flex wrap gap={12} className="jara-toolbar" style={{ marginBottom: 16 }}>
        {children}
      </Flex>
    </ToolbarTable.Provider>
  );
}

/**
 * A created_at range filter in whole days (created_at_gte / created_at_lte, both inclusive on the server), for the
 * lists that filter by date: picking or clearing a range goes back to page 1.
 */
export function CreatedBetween({ text }: { text: { dateFilter: string; dateStart: string; dateEnd: string } }) {
  const { filters, applyFilters } = useToolbarTable();
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

/** A search box bound to one filter (`field` `operator` value); applying it goes back to page 1. */
export function FilterSearch({
  field,
  operator = 'eq',
  placeholder,
  style,
}: {
  field: string;
  operator?: 'eq' | 'contains';
  placeholder: string;
  style?: CSSProperties;
}) {
  const { filters, applyFilter } = useToolbarTable();
  return (
    <ListSearch
      placeholder={placeholder}
      initial={filterValue(filters, field, operator) ?? ''}
      onApply={(value) => applyFilter(field, value, operator)}
      style={style}
    />
  );
}

/**
 * A select bound to one filter, named by `label`; choosing goes back to page 1. "Every value" is `all`: an option of
 * its own (value ''), or with `clear` the placeholder of a clearable select; `multiple` picks several (the `in`
 * operator: status=1&status=2).
 */
export function FilterSelect({
  field,
  label,
  all,
  clear = false,
  multiple = false,
  options,
  ...rest
}: {
  field: string;
  label: string;
  all?: string;
  clear?: boolean;
  multiple?: boolean;
  options?: SelectProps['options'];
} & Pick<SelectProps, 'style' | 'showSearch' | 'optionFilterProp' | 'loading' | 'status'>) {
  const { filters, applyFilter } = useToolbarTable();
  const props: SelectProps = multiple
    ? { mode: 'multiple', maxTagCount: 'responsive', value: filterValues(filters, field) }
    : { value: clear ? filterValue(filters, field) : (filterValue(filters, field) ?? '') };
  return (
    <Select
      allowClear={multiple || clear}
      aria-label={label}
      placeholder={multiple || clear ? all : undefined}
      onChange={(value?: string | string[]) => applyFilter(field, value, multiple ? 'in' : 'eq')}
      options={multiple || clear || all === undefined ? options : [{ value: '', label: all }, ...(options ?? [])]}
      {...props}
      {...rest}
    />
  );
}
