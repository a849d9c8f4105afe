import { useState } from 'react';
import type { HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, Descriptions, Drawer, Flex, Grid, Typography, type TableColumnsType } from 'antd';
import { EyeOutlined, MailOutlined } from '@ant-design/icons';
import { formatLongDateTime } from '@jara/contracts';
import { PagedTable } from '../../components/paged-table';
import { CONTACT_TEXT as TEXT, type ContactMessage } from './types';
import { PageTitle } from '../../components/page-title';
import { ListSearch } from '../../components/list-search';

const PAGE_SIZE = 10;

export default function ContactMessageList() {
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const screens = Grid.useBreakpoint();
  const show = (record: ContactMessage) => setOpen(record);
  const table = useTable<ContactMessage, HttpError>({
    resource: 'contact-messages',
    pagination: { currentPage: 1, pageSize: PAGE_SIZE, mode: 'server' },
    // Newest first.
    sorters: { permanent: [{ field: 'created_at', order: 'desc' }] },
    syncWithLocation: true,
    errorNotification: false,
  });
  const { filters, setFilters, setCurrentPage } = table;
  const current = filters.find((f) => 'field' in f && f.field === 'q');
  const initialSearch = current && 'value' in current && current.value ? String(current.value) : '';

  const applySearch = (value: string) => {
    setFilters([{ field: 'q', operator: 'eq', value: value.trim() || undefined }], 'merge');
    setCurrentPage(1);
  };

  const columns: TableColumnsType<ContactMessage> = [
    { title: TEXT.fullName, dataIndex: 'full_name', width: 180, render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: TEXT.email, dataIndex: 'email', width: 250 },
    {
      title: TEXT.message,
      dataIndex: 'message',
      ellipsis: true,
      render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>,
    },
    { title: TEXT.received, dataIndex: 'created_at', width: 210, render: (v: string) => formatLongDateTime(v) },
    {
      title: '',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, record) => (
        <Button size="small" icon={<EyeOutlined />} onClick={() => show(record)}>
          {TEXT.view}
        </Button>
      ),
    },
  ];

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>
      <Flex wrap gap={12} className="jara-toolbar" style={{ marginBottom: 16 }}>
        <ListSearch placeholder={TEXT.searchPlaceholder} initial={initialSearch} onApply={(value) => applySearch(value ?? '')} />
      </Flex>
      <PagedTable<ContactMessage>
        table={table}
        errorMessage={TEXT.loadError}
        emptyText={TEXT.empty}
        rowKey="id"
        columns={columns}
        scroll={{ x: 900 }}
        onRow={(record) => ({ onDoubleClick: () => show(record) })}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.full_name}
        width={screens.md ? 520 : '100%'}
        destroyOnHidden
        extra={
          open ? (
            <Button icon={<MailOutlined />} href={`mailto:${open.email}`}>
              {TEXT.reply}
            </Button>
          ) : null
        }
      >
        {open && (
          <Descriptions bordered column={1} size="small" styles={{ label: { width: 110 } }}>
            <Descriptions.Item label={TEXT.fullName}>{open.full_name}</Descriptions.Item>
            <Descriptions.Item label={TEXT.email}>{open.email}</Descriptions.Item>
            <Descriptions.Item label={TEXT.received}>{formatLongDateTime(open.created_at)}</Descriptions.Item>
            <Descriptions.Item label={TEXT.message}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{open.message}</Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </div>
  );
}
