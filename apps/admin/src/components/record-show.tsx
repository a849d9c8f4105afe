import type { ReactElement, ReactNode } from 'react';
import type { HttpError } from '@refinedev/core';
import { Show } from '@refinedev/antd';
import { Alert, Card, Descriptions, Empty, Grid, Space, Timeline, Typography } from 'antd';
import type { StatusInfo } from '@jara/contracts';
import { CardTitle } from './card-title';
import { TONE_COLOR } from './money';

/**
 * A record's own page (Refine's Show, as every back office record page draws it): the title with the record's status
 * tag and buttons once it is loaded, and instead of the content an error Alert when it failed to load: a 404 says
 * `notFound` (else the server's own message), any other failure `loadFailed` with the server's message under it.
 */
export function RecordShow({
  query,
  title,
  tags,
  buttons,
  notFound,
  loadFailed,
  resource,
  recordItemId,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error?: HttpError | null };
  title: ReactNode;
  tags?: ReactElement | false;
  buttons?: ReactNode;
  notFound?: string;
  loadFailed: string;
  /** For a page whose record is not read by Refine's useShow (Refine's own resource and id). */
  resource?: string;
  recordItemId?: string;
  children: ReactNode;
}) {
  const { error } = query;
  const missing = error?.statusCode === 404;
  return (
    <Show
      resource={resource}
      recordItemId={recordItemId}
      goBack={false}
      isLoading={query.isLoading}
      title={title}
      wrapperProps={{ className: 'jara-crud' }}
      headerProps={{ tags: tags || undefined }}
      headerButtons={() => (buttons ? <Space wrap>{buttons}</Space> : null)}
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={missing ? (notFound ?? error?.message) : loadFailed}
          description={missing && !notFound ? undefined : error?.message}
        />
      ) : (
        children
      )}
    </Show>
  );
}

/** A card of a record page with its title as a heading under the page's title. */
export function SectionCard({ title, full, children }: { title: ReactNode; full?: boolean; children: ReactNode }) {
  return (
    <Card size="small" title={<CardTitle level={5}>{title}</CardTitle>} style={full ? { height: '100%' } : undefined}>
      {children}
    </Card>
  );
}

/** One step of a status history: its status (the dot's colour), heading, who-and-when line and note. */
export interface TimelineStep {
  id: number;
  created_at: string;
  to_status: unknown;
  note?: string | null;
}

/**
 * A status history, oldest first (antd Timeline, dots in the status tones): each step's heading, a grey line of who
 * and when (and what else `meta` adds), and its note.
 */
export function StatusTimeline<E extends TimelineStep>({
  history,
  statuses,
  empty,
  testId,
  className,
  heading,
  meta,
}: {
  history: E[];
  statuses: readonly StatusInfo[];
  empty: string;
  testId: string;
  className?: string;
  heading: (entry: E) => ReactNode;
  meta: (entry: E) => ReactNode;
}) {
  if (history.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  const entries = [...history].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  const dot = (status: unknown) => {
    const tone = statuses.find((s) => String(s.code) === String(status))?.tone ?? 'default';
    return tone === 'default' ? 'gray' : TONE_COLOR[tone];
  };
  return (
    <Timeline
      data-testid={testId}
      items={entries.map((entry) => ({
        key: entry.id,
        color: dot(entry.to_status),
        children: (
          <div className={className}>
            <Typography.Text strong>{heading(entry)}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
              {meta(entry)}
            </Typography.Paragraph>
            {entry.note && (
              <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-line' }}>
                {entry.note}
              </Typography.Paragraph>
            )}
          </div>
        ),
      }))}
    />
  );
}

/** A record's fields (bordered Descriptions): label beside value, above it on a phone. */
export function RecordSummary({ testId, column, children }: { testId?: string; column: number; children: ReactNode }) {
  const { sm } = Grid.useBreakpoint();
  return (
    <Descriptions data-testid={testId} bordered size="small" column={column} layout={sm ? 'horizontal' : 'vertical'}>
      {children}
    </Descriptions>
  );
}

/** A record's number or reference, with a copy button. */
export const CopyableNo = ({ children }: { children: ReactNode }) => (
  <Typography.Text copyable className="jara-num">
    {children}
  </Typography.Text>
);
