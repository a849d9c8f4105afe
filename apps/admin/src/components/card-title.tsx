import type { ReactNode } from 'react';
import { Typography } from 'antd';

/**
 * A card's title as a real heading (for screen readers' heading navigation) at the size of antd's card titles.
 * `level` continues the page's outline: 4 under a page title (h3), 5 under a Refine Show/Edit title (h4).
 */
export function CardTitle({ level, children }: { level: 4 | 5; children: ReactNode }) {
  return (
    <Typography.Title level={level} className="jara-card-title">
      {children}
    </Typography.Title>
  );
}
