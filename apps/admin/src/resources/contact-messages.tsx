import { Button, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { formatLongDateTime } from '@jara/contracts';
import { describe } from '../schema/types';

/** A message sent through the public contact form (spec 2.1: full name, e-mail, message). */
interface ContactMessage {
  id: number;
  full_name: string;
  email: string;
  message: string;
  created_at: string;
}

/** Local UI text (the spec quotes none for this admin screen). */
const TEXT = {
  fullName: 'Full name',
  email: 'E-mail',
  message: 'Message',
  received: 'Received',
} as const;

/** Contact Messages: newest first, searchable, each opened (View or a double click) in a drawer. Read-only. */
export default describe<ContactMessage>({
  resource: 'contact-messages',
  title: 'Contact Messages',
  pageSize: 10,
  sorters: { permanent: [{ field: 'created_at', order: 'desc' }] },
  filters: [{ kind: 'search', field: 'q', placeholder: 'Search name, e-mail or message' }],
  columns: () => [
    {
      title: TEXT.fullName,
      dataIndex: 'full_name',
      width: 180,
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: TEXT.email, dataIndex: 'email', width: 250 },
    {
      title: TEXT.message,
      dataIndex: 'message',
      ellipsis: true,
      render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>,
    },
    { title: TEXT.received, dataIndex: 'created_at', width: 210, render: (v: string) => formatLongDateTime(v) },
  ],
  actions: { title: '', width: [100, 100], fixedRight: true },
  table: { scroll: { x: 900 } },
  errorMessage: 'Failed to load contact messages.',
  emptyText: 'No contact messages yet.',
  show: {
    title: (m) => m.full_name,
    extra: (m) => (
      <Button icon={<MailOutlined />} href={`mailto:${m.email}`}>
        Reply by e-mail
      </Button>
    ),
    fields: [
      { label: TEXT.fullName, render: (m) => m.full_name },
      { label: TEXT.email, render: (m) => m.email },
      { label: TEXT.received, render: (m) => formatLongDateTime(m.created_at) },
      {
        label: TEXT.message,
        render: (m) => (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{m.message}</Typography.Paragraph>
        ),
      },
    ],
  },
});
