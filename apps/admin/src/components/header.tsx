import { useGetIdentity } from '@refinedev/core';
import { Avatar, Flex, Layout, Typography, theme } from 'antd';
import { NotificationBell } from './notification-bell';

/** The back office header: the notification bell, then the signed-in admin's name (and picture when there is one). */
export function JaraHeader() {
  const { token } = theme.useToken();
  const { data: user } = useGetIdentity<{ name?: string; avatar?: string }>();
  return (
    <Layout.Header
      style={{
        backgroundColor: token.colorBgElevated,
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        padding: '0 24px',
        height: 64,
      }}
    >
      <Flex align="center" gap={16} style={{ minWidth: 0 }}>
        <NotificationBell />
        {user?.name && (
          <Typography.Text strong ellipsis style={{ maxWidth: 220 }}>
            {user.name}
          </Typography.Text>
        )}
        {user?.avatar && <Avatar src={user.avatar} alt={user.name} />}
      </Flex>
    </Layout.Header>
  );
}
