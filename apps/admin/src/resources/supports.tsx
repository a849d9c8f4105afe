import { Link } from 'react-router';
import { Space } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { SUPPORT_STATUSES, formatDate, type SupportRequest } from '@jara/contracts';
import { EmailText } from '../components/email-text';
import { inboxList } from '../schema/inbox';
import { describe } from '../schema/types';
import { SUPPORT_DELETE, SUPPORTS, SupportStatusSelect } from '../pages/supports/shared';
import { SUPPORT_TEXT as TEXT } from '../pages/supports/text';
import { SubText } from '../components/cell-text';

/**
 * The support inbox (admin, spec 2.18 and 6): every request, newest first, 10 per page, with a status filter and a
 * search (q: subject, name, e-mail). Each row has the status select, the thread (pages/supports/show.tsx) and delete.
 */
export default describe<SupportRequest>({
  resource: SUPPORTS,
  title: TEXT.title,
  ...inboxList(SUPPORT_STATUSES, TEXT, [{ kind: 'search', field: 'q', placeholder: TEXT.search, maxWidth: 420 }]),
  columns: ({ compact }) => [
    {
      title: TEXT.subject,
      dataIndex: 'subject',
      render: (v: string, s) => (
        <Space direction="vertical" size={2} style={{ maxWidth: '100%' }}>
          <Link
            to={`/supports/${s.id}`}
            style={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            aria-label={TEXT.openOf(v)}
          >
            {v}
          </Link>
          {compact && (
            <>
              <SubText wrap>
                {s.name} · {s.email}
              </SubText>
              <SubText>
                {TEXT.replyCount(s.responses)} · {formatDate(s.created_at)}
              </SubText>
            </>
          )}
        </Space>
      ),
    },
    { title: TEXT.name, dataIndex: 'name', width: 150, responsive: ['md'] },
    { title: TEXT.email, dataIndex: 'email', responsive: ['lg'], render: (v: string) => <EmailText email={v} /> },
    {
      title: TEXT.status,
      dataIndex: 'status',
      width: compact ? 132 : 160,
      render: (_, s) => <SupportStatusSelect support={s} style={compact ? { width: 120 } : undefined} />,
    },
    {
      title: TEXT.replies,
      dataIndex: 'responses',
      width: 90,
      align: 'right',
      responsive: ['md'],
      render: (v: number) => (
        <span className="jara-num" data-testid="support-replies">
          {v}
        </span>
      ),
    },
    { title: TEXT.date, dataIndex: 'created_at', width: 120, responsive: ['md'], render: (v: string) => formatDate(v) },
  ],
  actions: {
    width: [64, 190],
    stackOnPhone: true,
    open: { text: TEXT.open, icon: <MessageOutlined />, labelOf: (s) => TEXT.openOf(s.subject) },
  },
  errorMessage: TEXT.loadFailed,
  emptyText: TEXT.empty,
  delete: SUPPORT_DELETE,
});
