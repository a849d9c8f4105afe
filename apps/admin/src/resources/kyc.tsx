import { Link } from 'react-router';
import { Space } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { KYC_STATUSES, formatDate, type KycSubmission } from '@jara/contracts';
import { EmailText } from '../components/email-text';
import { inboxList } from '../schema/inbox';
import { describe } from '../schema/types';
import { KYC, KYC_DELETE, KycStatusTag } from '../pages/kyc/shared';
import { KYC_TEXT as TEXT } from '../pages/kyc/text';
import { SubText } from '../components/cell-text';

/**
 * KYC submissions (admin, spec 2.22 and 6): every submission, newest first, 10 per page, with a status filter
 * (status=0|1|-1) and searches by name (name=) and by the user's e-mail (email=). A row opens the submission
 * (pages/kyc/show.tsx), where the admin sees both documents before deciding.
 */
export default describe<KycSubmission>({
  resource: KYC,
  title: TEXT.title,
  ...inboxList(KYC_STATUSES, TEXT, [
    { kind: 'search', field: 'name', placeholder: TEXT.nameSearch, maxWidth: 300 },
    { kind: 'search', field: 'email', placeholder: TEXT.emailSearch, maxWidth: 360 },
  ]),
  columns: ({ compact }) => [
    {
      title: TEXT.name,
      dataIndex: 'name',
      render: (v: string, k) => (
        <Space direction="vertical" size={2}>
          <Link to={`/kyc/${k.id}`} style={{ fontWeight: 600 }} aria-label={TEXT.viewOf(v)}>
            {v}
          </Link>
          {compact && (
            <>
              <SubText wrap>{k.user?.email ?? TEXT.noAccount}</SubText>
              <SubText>
                {k.id_type} · <span className="jara-num">{k.id_number}</span>
              </SubText>
              <Space size={8} wrap>
                <KycStatusTag status={k.status} />
                <SubText>{formatDate(k.created_at)}</SubText>
              </Space>
            </>
          )}
        </Space>
      ),
    },
    {
      title: TEXT.email,
      key: 'email',
      responsive: ['md'],
      render: (_, k) => (k.user?.email ? <EmailText email={k.user.email} /> : TEXT.noAccount),
    },
    { title: TEXT.idType, dataIndex: 'id_type', width: 140, responsive: ['lg'] },
    {
      title: TEXT.idNumber,
      dataIndex: 'id_number',
      width: 150,
      responsive: ['md'],
      render: (v: string) => <span className="jara-num">{v}</span>,
    },
    {
      title: TEXT.status,
      dataIndex: 'status',
      width: 110,
      responsive: ['md'],
      render: (v: number) => <KycStatusTag status={v} />,
    },
    {
      title: TEXT.submitted,
      dataIndex: 'created_at',
      width: 130,
      responsive: ['md'],
      render: (v: string) => formatDate(v),
    },
  ],
  actions: {
    width: [64, 200],
    stackOnPhone: true,
    open: { text: TEXT.view, icon: <EyeOutlined />, labelOf: (k) => TEXT.viewOf(k.name) },
  },
  errorMessage: TEXT.loadFailed,
  emptyText: TEXT.empty,
  delete: KYC_DELETE,
});
