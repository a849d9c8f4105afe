import { useMemo } from 'react';
import { Link } from 'react-router';
import { useNavigation, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, Flex, Grid, Select, Space, Typography, type TableColumnsType } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { SUPPORT_STATUSES, formatDate, type SupportRequest } from '@jara/contracts';
import { ListSearch } from '../../components/list-search';
import { filterValue } from '../../components/list-filters';
import { statusOptions } from '../../components/money';
import { EmailText } from '../../components/email-text';
import { PageTitle } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { SUPPORTS, SupportDeleteButton, SupportStatusSelect } from './shared';
import { SUPPORT_TEXT as TEXT } from './text';

const PAGE_SIZE = 10;

/**
 * The support inbox (admin, spec 2.18 and 6): every request, newest first, 10 per page, with a status filter and a
 * search (q: subject, name, e-mail). Each row has the status select, the thread and delete.
 */
export default function SupportList() {
  const { show, showUrl } = useNavigation();
  const compact = !Grid.useBreakpoint().md;
  const table = useTable<SupportRequest, HttpError>({
    resource: SUPPORTS,
    pagination: { currentPage: 1, pageSize: PAGE_SIZE, mode: 'server' },
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
    filters: { defaultBehavior: 'merge' },
    syncWithLocation: true,
    errorNotification: false,
  });
  const { filters, setFilters, setCurrentPage } = table;

  const apply = (field: 'status' | 'q', value: string | undefined) => {
    setFilters([{ field, operator: 'eq', value: value || undefined }], 'merge');
    setCurrentPage(1);
  };

  const columns = useMemo<TableColumnsType<SupportRequest>>(
    () => [
      {
        title: TEXT.subject,
        dataIndex: 'subject',
        render: (v: string, s) => (
          <Space direction="vertical" size={2} style={{ maxWidth: '100%' }}>
            <Link
              to={showUrl(SUPPORTS, s.id)}
              style={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              aria-label={TEXT.openOf(v)}
            >
              {v}
            </Link>
            {compact && (
              <>
                <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                  {s.name} · {s.email}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {TEXT.replyCount(s.responses)} · {formatDate(s.created_at)}
                </Typography.Text>
              </>
            )}
          </Space>
        ),
      },
      { title: TEXT.name, dataIndex: 'name', width: 150, responsive: ['md'] },
      {
        title: TEXT.email,
        dataIndex: 'email',
        responsive: ['lg'],
        render: (v: string) => <EmailText email={v} />,
      },
      {
        title: TEXT.status,
        dataIndex: 'status',
        width: compact ? 132 : 160,
        render: (_, s) => (
          <Flex vertical gap={8}>
            <SupportStatusSelect support={s} style={compact ? { width: 120 } : undefined} />
            {compact && <SupportDeleteButton support={s} compact />}
          </Flex>
        ),
      },
      {
        title: TEXT.replies,
        dataIndex: 'responses',
        width: 90,
        align: 'right',
        responsive: ['md'],
        render: (v: number) => (
          <span className="jara-num" data-testid="support-replies">
            {v}
          </span>
        ),
      },
      {
        title: TEXT.date,
        dataIndex: 'created_at',
        width: 120,
        responsive: ['md'],
        render: (v: string) => formatDate(v),
      },
      {
        title: TEXT.actions,
        key: 'actions',
        width: 190,
        responsive: ['md'],
        render: (_, s) => (
          <Flex wrap gap={8}>
            <Button
              size="small"
              icon={<MessageOutlined />}
              title={TEXT.openOf(s.subject)}
              onClick={() => show(SUPPORTS, s.id)}
            >
              {TEXT.open}
            </Button>
            <SupportDeleteButton support={s} compact />
          </Flex>
        ),
      },
    ],
    [show, showUrl, compact],
  );

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>
      <Flex wrap gap={12} className="jara-toolbar" style={{ marginBottom: 16 }}>
        <Select
          allowClear
          aria-label={TEXT.statusFilter}
          placeholder={TEXT.allStatuses}
          value={filterValue(filters, 'status')}
          onChange={(value?: string) => apply('status', value)}
          options={statusOptions(SUPPORT_STATUSES)}
          style={{ flex: '0 1 200px' }}
        />
        <ListSearch
          placeholder={TEXT.search}
          initial={filterValue(filters, 'q') ?? ''}
          onApply={(value) => apply('q', value)}
          style={{ flex: '1 1 260px', maxWidth: compact ? undefined : 420 }}
        />
      </Flex>
      <PagedTable<SupportRequest>
        table={table}
        errorMessage={TEXT.loadFailed}
        emptyText={TEXT.empty}
        rowKey="id"
        columns={columns}
      />
    </div>
  );
}
