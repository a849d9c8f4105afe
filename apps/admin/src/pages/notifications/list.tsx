import { Alert, Button, Card, Empty, Flex, List, Radio, Space, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { MSG, NOTIFICATION_STATUS, type NotificationItem } from '@jara/contracts';
import {
  NOTIFICATION_TEXT as TEXT,
  NotificationTitle,
  useMarkRead,
  useNotificationsRefresh,
} from '../../components/notification-bell';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { filterValue } from '../../components/list-filters';
import { useListTable } from '../../schema/list-table';
import { RowDeleteButton } from '../../schema/row-buttons';
import type { DeleteDescription } from '../../schema/types';
import { SubWhen } from '../../components/cell-text';

const PAGE_SIZE = 10;

const DELETE: DeleteDescription<NotificationItem> = {
  confirm: TEXT.deleteTitle,
  yes: TEXT.deleteYes,
  no: TEXT.cancel,
  deleted: TEXT.deleted,
  failed: TEXT.deleteFailed,
  labelOf: (item) => TEXT.deleteOf(item.title),
};

/**
 * The admin's notifications (spec 2.17, in the back office): title and text, newest first, 10 per page; unread ones
 * have Mark as read, all have Delete. States: loading, 'Error retrieving notifications', 'No notifications available'.
 */
export default function NotificationList() {
  const refresh = useNotificationsRefresh();
  const { markRead, markAllRead, pendingUrl } = useMarkRead();
  const { tableQuery, result, filters, applyFilter, currentPage, setCurrentPage, pageCount } =
    useListTable<NotificationItem>({
      resource: 'notifications',
      pageSize: PAGE_SIZE,
      sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
    });
  const items = result.data ?? [];
  const show = filterValue(filters, 'status') ?? 'all';

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
            onChange={(e) => applyFilter('status', e.target.value === 'all' ? undefined : e.target.value)}
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
                      <Typography.Paragraph
                        style={{ margin: '2px 0', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                      >
                        {text}
                      </Typography.Paragraph>
                    )}
                    <SubWhen at={item.created_at} />
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
                    <RowDeleteButton resource="notifications" row={item} text={DELETE} onDeleted={refresh} />
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
