import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';
import { formatLongDateTime } from '@jara/contracts';

/** A small grey line of a cell (the e-mail under a name, the date on a phone); `wrap` breaks a long word anywhere. */
export const SubText = ({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) => (
  <Typography.Text type="secondary" style={wrap ? { fontSize: 12, overflowWrap: 'anywhere' } : { fontSize: 12 }}>
    {children}
  </Typography.Text>
);

/** A cell's lines one under the other: its main text and the SubText lines under it. */
export const Lines = ({ children, gap = 0 }: { children: ReactNode; gap?: number }) => (
  <Space direction="vertical" size={gap}>
    {children}
  </Space>
);

/** A moment as a <time> element in the long date-and-time format. */
export const When = ({ at }: { at: string }) => <time dateTime={at}>{formatLongDateTime(at)}</time>;

/** When something happened, as a small grey line (a notification's, a document view's). */
export const SubWhen = ({ at }: { at: string }) => (
  <SubText>
    <When at={at} />
  </SubText>
);
