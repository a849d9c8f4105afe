import { useTable } from '@refinedev/antd';
import type { BaseRecord, CrudFilter, CrudOperators, CrudSort, HttpError } from '@refinedev/core';

/**
 * Refine's useTable as every back office list uses it: server-side pages of `pageSize`, sorts and filters kept in
 * the URL, no toast on a failed load (the list shows an Alert), and the glue the lists' toolbars and columns need.
 */
export function useListTable<T extends BaseRecord>({
  resource,
  pageSize,
  sorters,
  filters,
}: {
  resource: string;
  pageSize: number;
  sorters?: { permanent?: CrudSort[]; initial?: CrudSort[] };
  filters?: { permanent?: CrudFilter[]; initial?: CrudFilter[] };
}) {
  const table = useTable<T, HttpError>({
    resource,
    pagination: { currentPage: 1, pageSize, mode: 'server' },
    sorters,
    filters: { ...filters, defaultBehavior: 'merge' },
    syncWithLocation: true,
    errorNotification: false,
  });
  const { setFilters, setSorters, setCurrentPage, sorters: current } = table;
  /** Sets filters (an empty value clears its filter) and goes back to page 1. */
  const applyFilters = (next: CrudFilter[]) => {
    setFilters(next, 'merge');
    setCurrentPage(1);
  };
  /** Sets one filter: `field` `operator` `value` (an empty string or list clears it), back to page 1. */
  const applyFilter = (field: string, value: unknown, operator: Exclude<CrudOperators, 'or' | 'and'> = 'eq') =>
    applyFilters([
      { field, operator, value: value === '' || (Array.isArray(value) && value.length === 0) ? undefined : value },
    ]);
  /** Sorts by `field` (a list's sort select), back to page 1. */
  const applySort = (sort: CrudSort) => {
    setSorters([sort]);
    setCurrentPage(1);
  };
  /** antd's sortOrder of a column from the table's sorters. */
  const sortOrder = (field: string) => {
    const sorter = current.find((s) => s.field === field);
    return sorter ? (sorter.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  };
  /** The props of a column the list sorts by `field` (the table's onChange sets it, PagedTable's `sortable`). */
  const sortable = (field: string) => ({ dataIndex: field, key: field, sorter: true, sortOrder: sortOrder(field) });
  return { ...table, applyFilter, applyFilters, applySort, sortOrder, sortable };
}
