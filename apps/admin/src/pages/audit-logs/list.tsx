import { useMemo, useState } from 'react';
import { type HttpError } from '@refinedev/core';
import { useSelect } from '@refinedev/antd';
import { Button, Descriptions, Drawer, Flex, Grid, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_TYPES,
  auditActionLabel,
  auditEntityLabel,
  auditEntityPath,
  auditFieldLabel,
  formatAuditValue,
  formatLongDateTime,
  type AuditLogEntry,
  type PublicUser,
} from '@jara/contracts';
import { CreatedBetween, FilterSelect, Toolbar } from '../../components/list-filters';
import { PageTitle } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { useListTable } from '../../schema/list-table';
import { AUDIT_TEXT as TEXT } from './text';
import { SubText } from '../../components/cell-text';

const PAGE_SIZE = 20;

/** Every known action by its label, for the action filter (a code typed in the address bar still filters). */
const ACTION_OPTIONS = [...new Set(Object.keys(AUDIT_ACTION_LABELS))]
  .map((value) => ({ value, label: auditActionLabel(value) }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** A field's value in words and units (kg, money, status names), in the record's currency where it has one. */
function show(entry: AuditLogEntry, field: string, value: unknown): string {
  const currency = entry.after?.currency ?? entry.before?.currency ?? entry.body?.currency;
  return formatAuditValue(field, value, { entityType: entry.entity_type, currency });
}

/** The record an entry is about: its type and own number (order_no, tracking_no, reference...), linked to its page. */
function RecordName({ entry }: { entry: AuditLogEntry }) {
  const name =
    entry.entity_id === null
      ? auditEntityLabel(entry.entity_type)
      : `${auditEntityLabel(entry.entity_type)} ${entry.entity_ref ?? `#${entry.entity_id}`}`;
  const path = auditEntityPath(entry.entity_type, entry.entity_id);
  return path ? (
    <Link to={path} style={{ overflowWrap: 'anywhere' }}>
      {name}
    </Link>
  ) : (
    <span style={{ overflowWrap: 'anywhere' }}>{name}</span>
  );
}

/** The changed fields of an entry: one row per field with its value before and after. */
function changedFields(entry: AuditLogEntry): Array<{ field: string; before: unknown; after: unknown }> {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...keys].map((field) => ({ field, before: entry.before?.[field], after: entry.after?.[field] }));
}

function ChangesTable({ entry }: { entry: AuditLogEntry }) {
  const rows = changedFields(entry);
  if (!rows.length) return <Typography.Text type="secondary">{TEXT.noChanges}</Typography.Text>;
  const caption = !entry.before ? TEXT.created : !entry.after ? TEXT.deleted : undefined;
  return (
    <>
      {caption && <Typography.Paragraph type="secondary">{caption}</Typography.Paragraph>}
      <Table
        rowKey="field"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="audit-changes"
        columns={[
          { title: TEXT.field, dataIndex: 'field', width: 180, render: (v: string) => auditFieldLabel(v) },
          ...(entry.before
            ? [
                {
                  title: TEXT.before,
                  key: 'before',
                  render: (_: unknown, r: { field: string; before: unknown }) => show(entry, r.field, r.before),
                },
              ]
            : []),
          ...(entry.after
            ? [
                {
                  title: TEXT.after,
                  key: 'after',
                  render: (_: unknown, r: { field: string; after: unknown }) => show(entry, r.field, r.after),
                },
              ]
            : []),
        ]}
        scroll={{ x: true }}
      />
    </>
  );
}

function EntryDrawer({ entry, onClose }: { entry: AuditLogEntry | null; onClose: () => void }) {
  const wide = Grid.useBreakpoint().md;
  return (
    <Drawer
      open={!!entry}
      onClose={onClose}
      title={entry ? TEXT.entryTitle(entry.id) : undefined}
      width={wide ? 640 : '100%'}
      closeIcon={<span aria-label={TEXT.close}>×</span>}
    >
      {entry && (
        <Space direction="vertical" size={20} style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={TEXT.when}>{formatLongDateTime(entry.created_at)}</Descriptions.Item>
            <Descriptions.Item label={TEXT.actor}>
              <span style={{ overflowWrap: 'anywhere' }}>{entry.actor.email}</span> (#{entry.actor.id})
            </Descriptions.Item>
            <Descriptions.Item label={TEXT.action}>{auditActionLabel(entry.action)}</Descriptions.Item>
            <Descriptions.Item label={TEXT.entity}>
              <RecordName entry={entry} />
            </Descriptions.Item>
            <Descriptions.Item label={TEXT.request}>
              <code style={{ overflowWrap: 'anywhere' }}>
                {entry.method} {entry.path}
              </code>
            </Descriptions.Item>
            <Descriptions.Item label={TEXT.requestId}>
              <code style={{ overflowWrap: 'anywhere' }}>{entry.request_id ?? TEXT.none}</code>
            </Descriptions.Item>
            <Descriptions.Item label={TEXT.address}>{entry.ip ?? TEXT.none}</Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{TEXT.changes}</Typography.Title>
            <ChangesTable entry={entry} />
          </div>
          {entry.body && (
            <div>
              <Typography.Title level={5}>{TEXT.body}</Typography.Title>
              <pre className="jara-num" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
                {JSON.stringify(entry.body, null, 2)}
              </pre>
            </div>
          )}
        </Space>
      )}
    </Drawer>
  );
}

/**
 * The audit log (admin, read-only): every admin write, newest first, 20 per page, with filters by admin
 * (actor_id), record type (entity_type), action and date; a row opens a drawer with the fields before and after.
 */
export default function AuditLogList() {
  const compact = !Grid.useBreakpoint().md;
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const table = useListTable<AuditLogEntry>({
    resource: 'audit-logs',
    pageSize: PAGE_SIZE,
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
  });

  const { selectProps: actorSelect } = useSelect<PublicUser, HttpError>({
    resource: 'users',
    optionLabel: (user) => user.email,
    optionValue: (user) => String(user.id),
    filters: [{ field: 'role', operator: 'eq', value: 'admin' }],
    sorters: [{ field: 'email', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 50, mode: 'server' },
    errorNotification: false,
  });

  const columns = useMemo<TableColumnsType<AuditLogEntry>>(
    () => [
      {
        title: TEXT.when,
        dataIndex: 'created_at',
        width: compact ? undefined : 190,
        render: (v: string, e) => (
          <Space direction="vertical" size={2}>
            <span>{formatLongDateTime(v)}</span>
            {compact && (
              <>
                <span>{auditActionLabel(e.action)}</span>
                <RecordName entry={e} />
                <SubText wrap>{e.actor.email}</SubText>
              </>
            )}
          </Space>
        ),
      },
      {
        title: TEXT.actor,
        key: 'actor',
        width: 180,
        responsive: ['md'],
        render: (_, e) => <span style={{ overflowWrap: 'anywhere' }}>{e.actor.email}</span>,
      },
      {
        title: TEXT.action,
        dataIndex: 'action',
        responsive: ['md'],
        render: (v: string) => auditActionLabel(v),
      },
      {
        title: TEXT.entity,
        key: 'entity',
        responsive: ['md'],
        render: (_, e) => <RecordName entry={e} />,
      },
      {
        title: TEXT.changes,
        key: 'changes',
        responsive: ['lg'],
        render: (_, e) => (
          <Flex wrap gap={4}>
            {changedFields(e)
              .slice(0, 4)
              .map((c) => (
                <Tag key={c.field}>{auditFieldLabel(c.field)}</Tag>
              ))}
          </Flex>
        ),
      },
      {
        title: TEXT.details,
        key: 'details',
        width: 100,
        render: (_, e) => (
          <Button
            size="small"
            icon={<EyeOutlined />}
            aria-label={TEXT.viewOf(auditActionLabel(e.action), e.id)}
            onClick={() => setOpen(e)}
          >
            {TEXT.view}
          </Button>
        ),
      },
    ],
    [compact],
  );

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>
      <Typography.Paragraph type="secondary">{TEXT.hint}</Typography.Paragraph>
      <Toolbar table={table}>
        <FilterSelect
          clear
          field="actor_id"
          label={TEXT.actorFilter}
          all={TEXT.allActors}
          options={actorSelect.options}
          loading={actorSelect.loading}
          style={{ flex: '1 1 220px', maxWidth: compact ? undefined : 280 }}
        />
        <FilterSelect
          clear
          field="entity_type"
          label={TEXT.typeFilter}
          all={TEXT.allTypes}
          options={AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: auditEntityLabel(type) }))}
          style={{ flex: '0 1 200px' }}
        />
        <FilterSelect
          clear
          field="action"
          label={TEXT.actionFilter}
          all={TEXT.allActions}
          showSearch
          optionFilterProp="label"
          options={ACTION_OPTIONS}
          style={{ flex: '1 1 240px', maxWidth: compact ? undefined : 300 }}
        />
        <CreatedBetween text={TEXT} />
      </Toolbar>
      <PagedTable<AuditLogEntry>
        table={table}
        errorMessage={TEXT.loadFailed}
        emptyText={TEXT.empty}
        rowKey="id"
        columns={columns}
      />
      <EntryDrawer entry={open} onClose={() => setOpen(null)} />
    </div>
  );
}
