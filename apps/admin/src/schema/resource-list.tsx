import { useState } from 'react';
import { useCan, useNavigation, type BaseRecord } from '@refinedev/core';
import { Descriptions, Drawer, Flex, Grid, type TableColumnsType } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { FilterSearch, FilterSelect, Toolbar, type FilterTable } from '../components/list-filters';
import { PagedTable, type PagedSource } from '../components/paged-table';
import { PageTitle } from '../components/page-title';
import { useListTable } from './list-table';
import { ResourceForm } from './resource-form';
import { RowDeleteButton, RowEditButton, RowOpenButton } from './row-buttons';
import type { AnyDescription, FilterDescription, ListContext, ShowDescription } from './types';

type Row = BaseRecord & { id: number };
const noExtra = () => undefined;

/** The filters of a list's toolbar, each bound to one query parameter: applying one goes back to page 1. */
export function ListToolbar({
  filters,
  table,
  compact,
}: {
  filters: FilterDescription[];
  table: FilterTable;
  compact: boolean;
}) {
  return (
    <Toolbar table={table}>
      {filters.map((f) =>
        f.kind === 'select' ? (
          <FilterSelect
            key={f.field}
            clear
            field={f.field}
            label={f.label}
            all={f.placeholder}
            options={f.options}
            style={{ flex: '0 1 200px' }}
          />
        ) : (
          <FilterSearch
            key={f.field}
            field={f.field}
            placeholder={f.placeholder}
            style={f.maxWidth ? { maxWidth: compact ? undefined : f.maxWidth } : undefined}
          />
        ),
      )}
    </Toolbar>
  );
}

/** The show fields of a row in a drawer. */
function ResourceShow({ show, row, onClose }: { show: ShowDescription<Row>; row: Row | null; onClose: () => void }) {
  const wide = Grid.useBreakpoint().md;
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={row && show.title(row)}
      width={wide ? 520 : '100%'}
      destroyOnHidden
      extra={row && show.extra?.(row)}
    >
      {row && (
        <Descriptions bordered column={1} size="small" styles={{ label: { width: 110 } }}>
          {show.fields.map((field) => (
            <Descriptions.Item key={field.label} label={field.label}>
              {field.render(row)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Drawer>
  );
}

/**
 * The list page of a described resource (schema/types.ts) on Refine's useTable: server-side pages, sorts and
 * filters kept in the URL, the inline create/edit form above the table, the row actions (view, edit, delete and the
 * description's own) and the show drawer.
 */
export default function ResourceList({ description: d }: { description: AnyDescription }) {
  const [editing, setEditing] = useState<Row | undefined>(undefined);
  const [viewing, setViewing] = useState<Row | null>(null);
  const compact = !Grid.useBreakpoint()[d.breakpoint ?? 'sm'];
  const useExtra = d.useExtra ?? noExtra;
  const extra: unknown = useExtra();
  const { show } = useNavigation();
  const writable = useCan({ resource: d.resource, action: 'edit' }).data?.can === true;
  const table = useListTable<Row>({
    resource: d.resource,
    pageSize: d.pageSize,
    sorters: d.sorters,
    filters: { permanent: d.permanentFilters },
  });
  const ctx: ListContext<unknown> = {
    compact,
    serial: (index) => (table.currentPage - 1) * table.pageSize + index + 1,
    editingId: editing?.id,
    extra,
  };

  const a = d.actions;
  const columns: TableColumnsType<Row> = [...d.columns(ctx)];
  if (a)
    columns.push({
      title: typeof a.title === 'function' ? a.title(compact) : (a.title ?? 'Actions'),
      key: 'actions',
      width: compact ? a.width[0] : a.width[1],
      fixed: a.fixedRight ? 'right' : undefined,
      render: (_, row) => (
        <Flex wrap gap={compact ? 4 : 8} vertical={compact && a.stackOnPhone}>
          {a.open && (
            <RowOpenButton
              icon={a.open.icon}
              text={a.open.text}
              label={a.open.labelOf(row)}
              compact={compact}
              onClick={() => show(d.resource, row.id)}
            />
          )}
          {d.show && (
            <RowOpenButton
              icon={<EyeOutlined />}
              text={d.show.view ?? 'View'}
              label={d.show.view ?? 'View'}
              compact={compact}
              onClick={() => setViewing(row)}
            />
          )}
          {d.form && writable && (
            <RowEditButton
              label={a.editLabelOf?.(row)}
              compact={compact}
              editing={editing?.id === row.id}
              onEdit={() => setEditing(row)}
            />
          )}
          {d.delete && (
            <RowDeleteButton
              resource={d.resource}
              row={row}
              text={d.delete}
              compact={compact}
              onDeleted={() => setEditing((current) => (current?.id === row.id ? undefined : current))}
            />
          )}
          {a.after?.(row, ctx)}
        </Flex>
      ),
    });

  return (
    <div>
      <Flex wrap gap={8} justify="space-between" align="flex-start">
        <PageTitle>{d.title}</PageTitle>
        {d.headerExtra}
      </Flex>
      {d.form && writable && (
        <ResourceForm
          key={editing?.id ?? 'new'}
          description={d}
          id={editing?.id}
          record={editing}
          onDone={() => setEditing(undefined)}
        />
      )}
      {d.filters && <ListToolbar filters={d.filters} table={table} compact={compact} />}
      <PagedTable<Row>
        table={table as PagedSource<Row>}
        errorMessage={d.errorMessage}
        emptyText={d.emptyText}
        rowKey="id"
        columns={columns}
        {...(typeof d.table === 'function' ? d.table(compact) : d.table)}
        onRow={d.show ? (row) => ({ onDoubleClick: () => setViewing(row) }) : undefined}
      />
      {d.show && <ResourceShow show={d.show} row={viewing} onClose={() => setViewing(null)} />}
      {d.below?.(extra)}
    </div>
  );
}
