import type { ReactNode } from 'react';
import { Alert, Table, type TableProps } from 'antd';
import { Pager } from './pager';

type PagedTableProps<T extends object> = Omit<TableProps<T>, 'pagination' | 'locale' | 'onChange'> & {
  /** The `tableProps` of refine's useTable; the props below override them. */
  tableProps: TableProps<T>;
  /** The `tableQuery` of refine's useTable: on error the table gives way to an error Alert. */
  query: { isError: boolean; error?: { message?: string } | null };
  errorMessage: ReactNode;
  emptyText: ReactNode;
  currentPage: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Wraps the table and its pager (not the error Alert), e.g. in a Form. */
  wrap?: (content: ReactNode) => ReactNode;
};

/**
 * A server-paged list: the Table (without antd's own pagination; Prev/Next pages it instead) and its Pager, or an
 * error Alert when the list failed to load. Any other Table prop (rowKey, columns, scroll, size, ...) passes through.
 */
export function PagedTable<T extends object>({
  tableProps,
  query,
  errorMessage,
  emptyText,
  currentPage,
  pageCount,
  onPageChange,
  wrap,
  size = 'middle',
  ...table
}: PagedTableProps<T>) {
  if (query.isError) return <Alert type="error" showIcon message={errorMessage} description={query.error?.message} />;
  const content = (
    <>
      <Table<T> {...tableProps} {...table} pagination={false} size={size} locale={{ emptyText }} onChange={undefined} />
      <Pager currentPage={currentPage} pageCount={pageCount} onChange={onPageChange} />
    </>
  );
  return <>{wrap ? wrap(content) : content}</>;
}
