import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** A page heading that leaves room for the sider's floating menu button on phones and tablets. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={3} className="jara-page-title" style={{ marginTop: 0 }}>
      {children}
    </Typography.Title>
  );
}
