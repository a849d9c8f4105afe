import type { TitleProps } from '@refinedev/core';
import { Link } from 'react-router';
import { Flex, Typography, theme } from 'antd';

/** Product name shown in the sider, the login card and the browser tab. */
export const APP_NAME = 'Jara';
export const BACK_OFFICE_NAME = 'Jara back office';

export function JaraLogo({ size = 28 }: { size?: number }) {
  const { token } = theme.useToken();
  return (
    <span
      aria-hidden
      style={{
        width: size,
        height: size,
        borderRadius: size / 4,
        background: token.colorPrimary,
        color: '#fff',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 700,
        fontSize: size * 0.6,
        flex: 'none',
      }}
    >
      J
    </span>
  );
}

/** The sider title: logo and 'Jara' (just the logo when collapsed). */
export function JaraTitle({ collapsed }: TitleProps) {
  return (
    // Collapsed, the logo alone needs a name; expanded, the visible 'Jara admin' is the link's name (WCAG 2.5.3).
    <Link to="/" style={{ display: 'inline-flex' }} aria-label={collapsed ? BACK_OFFICE_NAME : undefined}>
      <Flex align="center" gap={10}>
        <JaraLogo />
        {!collapsed && (
          <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
            {APP_NAME}
            <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6, fontWeight: 400 }}>
              admin
            </Typography.Text>
          </Typography.Text>
        )}
      </Flex>
    </Link>
  );
}
