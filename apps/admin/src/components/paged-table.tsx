import type { ReactNode } from 'react';
import { Alert, Table, type TableProps } from 'antd';
import { Pager } from './pager';

/** What PagedTable needs of refine's useTable (pass its whole result). */
export interface PagedSource<T extends object> {
  tableProps: TableProps<T>;
  /** On error the table gives way to an error Alert. */
  tableQuery: { isError: boolean; error?: { message?: string } | null };
  currentPage: number;
  pageCount: number;
  setCurrentPage: (page: number) => void;
}

type PagedTableProps<T extends object> = Omit<TableProps<T>, 'pagination' | 'locale' | 'onChange'> & {
  /** The result of refine's useTable; its tableProps are overridden by the props below. */
  table: PagedSource<T>;
  /** The error Alert's heading (the server's message under it); left out, the server's message is the heading. */
  errorMessage?: ReactNode;
  errorTestId?: string;
  /** The columns' sorters sort the list (useTable's onChange). */
  sortable?: boolean;
  emptyText: ReactNode;
  /** Instead of the table's own setCurrentPage (e.g. to leave an edit first). */
  onPageChange?: (page: number) => void;
  /** Wraps the table and its pager (not the error Alert), e.g. in a Form. */
  wrap?: (content: ReactNode) => ReactNode;
};

/**
 * A server-paged list: the Table (without antd's own pagination; Prev/Next pages it instead) and its Pager, or an
 * error Alert when the list failed to load. Any other Table prop (rowKey, columns, scroll, size, ...) passes through.
 */
export function PagedTable<T extends object>({
  table,
  errorMessage,
  errorTestId,
  sortable = false,
  emptyText,
  onPageChange,
  wrap,
  size = 'middle',
  ...rest
}: PagedTableProps<T>) {
  const { tableProps, tableQuery, currentPage, pageCount, setCurrentPage } = table;
  if (tableQuery.isError) {
    const error = tableQuery.error?.message;
    return (
      <Alert
        type="error"
        showIcon
        message={errorMessage ?? error}
        description={errorMessage === undefined ? undefined : error}
        data-testid={errorTestId}
      />
    );
  }
  const content = (
    <>
      <Table<T>
        {...tableProps}
        {...rest}
        pagination={false}
        size={size}
        locale={{ emptyText }}
        onChange={sortable ? tableProps.onChange : undefined}
      />
      <Pager currentPage={currentPage} pageCount={pageCount} onChange={onPageChange ?? setCurrentPage} />
    </>
  );
  return <>{wrap ? wrap(content) : content}</>;
}
