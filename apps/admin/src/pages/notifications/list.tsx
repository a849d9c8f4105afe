import { useDelete, type CrudFilter, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Alert, Button, Card, Empty, Flex, List, Popconfirm, Radio, Space, Tag, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { MSG, NOTIFICATION_STATUS, formatLongDateTime, type NotificationItem } from '@jara/contracts';
import {
  NOTIFICATION_TEXT as TEXT,
  NotificationTitle,
  useMarkRead,
  useNotificationsRefresh,
} from '../../components/notification-bell';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';

const PAGE_SIZE = 10;

function statusFilter(filters: CrudFilter[]): string {
  const found = filters.find((f) => 'field' in f && f.field === 'status' && f.operator === 'eq');
  return found && 'value' in found && found.value !== undefined && found.value !== '' ? String(found.value) : 'all';
}

/**
 * The admin's notifications (spec 2.17, in the back office): title and text, newest first, 10 per page; unread ones
 * have Mark as read, all have Delete. States: loading, 'Error retrieving notifications', 'No notifications available'.
 */
export default function NotificationList() {
  const refresh = useNotificationsRefresh();
  const { markRead, markAllRead, pendingUrl } = useMarkRead();
  const { mutate: remove, mutation: deletion } = useDelete<NotificationItem, HttpError>();
  const { tableQuery, result, filters, setFilters, currentPage, setCurrentPage, pageCount } = useTable<
    NotificationItem,
    HttpError
  >({
    resource: 'notifications',
    pagination: { currentPage: 1, pageSize: PAGE_SIZE, mode: 'server' },
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
    filters: { defaultBehavior: 'merge' },
    syncWithLocation: true,
    errorNotification: false,
  });
  const items = result.data ?? [];
  const show = statusFilter(filters);
  const deletingId = deletion.isPending ? deletion.variables?.id : undefined;

  const confirmDelete = (item: NotificationItem) =>
    remove(
      {
        resource: 'notifications',
        id: item.id,
        successNotification: () => ({ message: TEXT.deleted, type: 'success' }),
        errorNotification: (error) => ({ message: TEXT.deleteFailed, description: error?.message, type: 'error' }),
      },
      { onSettled: refresh },
    );

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>
      <Flex wrap gap={12} align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <div role="radiogroup" aria-label={TEXT.filter}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={show}
            options={[
              { value: 'all', label: TEXT.all },
              { value: String(NOTIFICATION_STATUS.UNREAD), label: TEXT.unread },
            ]}
            onChange={(e) => {
              setFilters(
                [{ field: 'status', operator: 'eq', value: e.target.value === 'all' ? undefined : e.target.value }],
                'merge',
              );
              setCurrentPage(1);
            }}
          />
        </div>
        <Button icon={<CheckOutlined />} onClick={markAllRead}>
          {TEXT.markAllRead}
        </Button>
      </Flex>
      {tableQuery.isError ? (
        <Alert type="error" showIcon message={MSG.notifications.loadError} description={tableQuery.error?.message} />
      ) : (
        <Card size="small">
          <List<NotificationItem>
            loading={tableQuery.isLoading}
            dataSource={items}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.notifications.empty} />,
            }}
            renderItem={(item) => {
              const unread = item.status === NOTIFICATION_STATUS.UNREAD;
              const text = item.description || item.message;
              return (
                <List.Item
                  data-testid="notification-item"
                  data-unread={unread ? 'true' : 'false'}
                  style={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 8 }}
                >
                  <div style={{ minWidth: 0, flex: '1 1 240px' }}>
                    <Space size={8} wrap>
                      <Typography.Text strong={unread} style={{ overflowWrap: 'anywhere' }}>
                        <NotificationTitle item={item} onOpen={unread ? () => markRead(item.id) : undefined} />
                      </Typography.Text>
                      {unread && <Tag color="blue">{TEXT.unread}</Tag>}
                    </Space>
                    {text && (
                      <Typography.Paragraph style={{ margin: '2px 0', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                        {text}
                      </Typography.Paragraph>
                    )}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      <time dateTime={item.created_at}>{formatLongDateTime(item.created_at)}</time>
                    </Typography.Text>
                  </div>
                  <Space wrap>
                    {unread && (
                      <Button
                        size="small"
                        icon={<CheckOutlined />}
                        aria-label={TEXT.markReadOf(item.title)}
                        loading={pendingUrl === `notifications/${item.id}`}
                        onClick={() => markRead(item.id)}
                      >
                        {TEXT.markRead}
                      </Button>
                    )}
                    <Popconfirm
                      title={TEXT.deleteTitle}
                      okText={TEXT.deleteYes}
                      cancelText={TEXT.cancel}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => confirmDelete(item)}
                    >
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={TEXT.deleteOf(item.title)}
                        loading={deletingId === item.id}
                      >
                        {TEXT.delete}
                      </Button>
                    </Popconfirm>
                  </Space>
                </List.Item>
              );
            }}
          />
        </Card>
      )}
      <Pager currentPage={currentPage} pageCount={pageCount} onChange={setCurrentPage} />
    </div>
  );
}
