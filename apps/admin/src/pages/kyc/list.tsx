import { useMemo } from 'react';
import { Link } from 'react-router';
import { useNavigation, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, Flex, Grid, Select, Space, Typography, type TableColumnsType } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { KYC_STATUSES, formatDate, type KycSubmission } from '@jara/contracts';
import { ListSearch } from '../../components/list-search';
import { filterValue } from '../../components/list-filters';
import { statusOptions } from '../../components/money';
import { EmailText } from '../../components/email-text';
import { PageTitle } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { KYC, KycDeleteButton, KycStatusTag } from './shared';
import { KYC_TEXT as TEXT } from './text';

const PAGE_SIZE = 10;

/**
 * KYC submissions (admin, spec 2.22 and 6): every submission, newest first, 10 per page, with a status filter
 * (status=0|1|-1) and searches by name (name=) and by the user's e-mail (email=). A row opens the submission, where
 * the admin sees both documents before deciding.
 */
export default function KycList() {
  const { show, showUrl } = useNavigation();
  const compact = !Grid.useBreakpoint().md;
  const table = useTable<KycSubmission, HttpError>({
    resource: KYC,
    pagination: { currentPage: 1, pageSize: PAGE_SIZE, mode: 'server' },
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
    filters: { defaultBehavior: 'merge' },
    syncWithLocation: true,
    errorNotification: false,
  });
  const { filters, setFilters, setCurrentPage } = table;

  const apply = (field: 'status' | 'name' | 'email', value: string | undefined) => {
    setFilters([{ field, operator: 'eq', value: value || undefined }], 'merge');
    setCurrentPage(1);
  };

  const columns = useMemo<TableColumnsType<KycSubmission>>(
    () => [
      {
        title: TEXT.name,
        dataIndex: 'name',
        render: (v: string, k) => (
          <Space direction="vertical" size={2}>
            <Link to={showUrl(KYC, k.id)} style={{ fontWeight: 600 }} aria-label={TEXT.viewOf(v)}>
              {v}
            </Link>
            {compact && (
              <>
                <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                  {k.user?.email ?? TEXT.noAccount}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {k.id_type} · <span className="jara-num">{k.id_number}</span>
                </Typography.Text>
                <Space size={8} wrap>
                  <KycStatusTag status={k.status} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDate(k.created_at)}
                  </Typography.Text>
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
      {
        title: TEXT.actions,
        key: 'actions',
        width: compact ? 110 : 200,
        render: (_, k) => (
          <Flex wrap gap={8} vertical={compact}>
            <Button size="small" icon={<EyeOutlined />} title={TEXT.viewOf(k.name)} onClick={() => show(KYC, k.id)}>
              {TEXT.view}
            </Button>
            <KycDeleteButton kyc={k} compact />
          </Flex>
        ),
      },
    ],
    [show, showUrl, compact],
  );

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>
      <Flex wrap gap={12} className="jara-toolbar" style={{ marginBottom: 16 }}>
        <Select
          allowClear
          aria-label={TEXT.statusFilter}
          placeholder={TEXT.allStatuses}
          value={filterValue(filters, 'status')}
          onChange={(value?: string) => apply('status', value)}
          options={statusOptions(KYC_STATUSES)}
          style={{ flex: '0 1 200px' }}
        />
        <ListSearch
          placeholder={TEXT.nameSearch}
          initial={filterValue(filters, 'name') ?? ''}
          onApply={(value) => apply('name', value)}
          style={{ flex: '1 1 220px', maxWidth: compact ? undefined : 300 }}
        />
        <ListSearch
          placeholder={TEXT.emailSearch}
          initial={filterValue(filters, 'email') ?? ''}
          onApply={(value) => apply('email', value)}
          style={{ flex: '1 1 260px', maxWidth: compact ? undefined : 360 }}
        />
      </Flex>
      <PagedTable<KycSubmission>
        table={table}
        errorMessage={TEXT.loadFailed}
        emptyText={TEXT.empty}
        rowKey="id"
        columns={columns}
      />
    </div>
  );
}
