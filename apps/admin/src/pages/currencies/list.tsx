import { useMemo, useState } from 'react';
import { useDelete, useNavigation, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, Flex, Grid, Popconfirm, Space, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, LineChartOutlined } from '@ant-design/icons';
import { MSG, formatDate, type Currency } from '@jara/contracts';
import { PagedTable } from '../../components/paged-table';
import { PageTitle } from '../../components/page-title';
import { CurrencyForm } from './form';
import { CURRENCY_TEXT as TEXT } from './text';

const PAGE_SIZE = 10;

/** Currency management (spec 2.28): the form (create or edit) above the table of currencies and their prices. */
export default function CurrencyList() {
  const [editing, setEditing] = useState<Currency | undefined>(undefined);
  const { list } = useNavigation();
  const compact = !Grid.useBreakpoint().sm;
  const table = useTable<Currency, HttpError>({
    resource: 'currencies',
    pagination: { currentPage: 1, pageSize: PAGE_SIZE, mode: 'server' },
    // The seeded currencies first, then the newer ones in the order they were added.
    sorters: { permanent: [{ field: 'id', order: 'asc' }] },
    syncWithLocation: true,
    errorNotification: false,
  });
  const { currentPage } = table;

  const { mutate: remove, mutation: deletion } = useDelete<Currency, HttpError>();
  const deletingId = deletion.isPending ? deletion.variables?.id : undefined;
  const confirmDelete = (currency: Currency) =>
    remove(
      {
        resource: 'currencies',
        id: currency.id,
        successNotification: () => ({ message: MSG.currency.deleted, type: 'success' }),
        // Refine's antd notifications show `description` as the heading and `message` as the text.
        errorNotification: (error) => ({ description: MSG.currency.deleteFailed, message: error?.message ?? MSG.currency.deleteFailed, type: 'error' }),
      },
      { onSuccess: () => setEditing((current) => (current?.id === currency.id ? undefined : current)) },
    );

  const columns = useMemo<TableColumnsType<Currency>>(
    () => [
      { title: TEXT.serial, key: 'sn', width: compact ? 44 : 64, responsive: ['sm'], render: (_, __, index) => (currentPage - 1) * PAGE_SIZE + index + 1 },
      {
        title: TEXT.name,
        dataIndex: 'name',
        render: (_, c) =>
          compact ? (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{c.code}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.name}
              </Typography.Text>
            </Space>
          ) : (
            c.name
          ),
      },
      { title: TEXT.code, dataIndex: 'code', width: 100, responsive: ['sm'], render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
      // Prices as the API gives them (fixed decimals), never re-rounded through floating point.
      { title: TEXT.buy, dataIndex: 'buy_price', align: 'right', width: compact ? 84 : 130, render: (v: string) => <span className="jara-num">{v}</span> },
      { title: TEXT.sell, dataIndex: 'sell_price', align: 'right', width: compact ? 84 : 130, render: (v: string) => <span className="jara-num">{v}</span> },
      { title: TEXT.updatedAt, dataIndex: 'updated_at', width: 130, responsive: ['md'], render: (v: string) => formatDate(v) },
      {
        title: compact ? '' : TEXT.actions,
        key: 'actions',
        width: compact ? 48 : 190,
        render: (_, currency) => (
          <Space size={compact ? 4 : 8} direction={compact ? 'vertical' : 'horizontal'}>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={`${TEXT.edit} ${currency.code}`}
              title={TEXT.edit}
              disabled={editing?.id === currency.id}
              onClick={() => setEditing(currency)}
            >
              {compact ? null : TEXT.edit}
            </Button>
            <Popconfirm
              title={MSG.currency.deleteConfirm}
              okText={TEXT.deleteYes}
              cancelText={TEXT.cancel}
              okButtonProps={{ danger: true }}
              onConfirm={() => confirmDelete(currency)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${TEXT.delete} ${currency.code}`}
                title={TEXT.delete}
                loading={deletingId === currency.id}
              >
                {compact ? null : TEXT.delete}
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
    ],
    // confirmDelete only closes over the stable mutate function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compact, currentPage, editing?.id, deletingId],
  );

  return (
    <div>
      <Flex wrap gap={8} justify="space-between" align="flex-start">
        <PageTitle>{TEXT.title}</PageTitle>
        <Button icon={<LineChartOutlined />} onClick={() => list('live-rates')} style={{ marginBottom: 12 }}>
          {TEXT.liveTitle}
        </Button>
      </Flex>
      <CurrencyForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(undefined)} />
      <PagedTable<Currency>
        table={table}
        errorMessage={TEXT.loadFailed}
        emptyText={TEXT.empty}
        rowKey="id"
        columns={columns}
      />
    </div>
  );
}
