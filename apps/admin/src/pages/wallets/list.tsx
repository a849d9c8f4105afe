import { useMemo } from 'react';
import { useNavigation } from '@refinedev/core';
import { Grid, Tag, Typography, type TableColumnsType } from 'antd';
import { MSG, ROLE_LABELS, formatDollars, formatNaira, isRole, type WalletAccount } from '@jara/contracts';
import { FilterSearch, Toolbar } from '../../components/list-filters';
import { PagedTable } from '../../components/paged-table';
import { PageTitle } from '../../components/page-title';
import { Lines, SubText } from '../../components/cell-text';
import { useListTable } from '../../schema/list-table';
import { viewColumn } from '../../schema/row-buttons';
import { WALLET_TEXT as TEXT } from './text';

const PAGE_SIZE = 10;

/** Users with their wallet balances (GET /wallets, q searches name and e-mail); a row opens the ledger. */
export default function WalletList() {
  const { show } = useNavigation();
  const compact = !Grid.useBreakpoint().md;
  const table = useListTable<WalletAccount>({
    resource: 'wallets',
    pageSize: PAGE_SIZE,
    // The largest naira balance first (issue 22): not the newest accounts, most of which hold nothing.
    sorters: { initial: [{ field: 'ngn_minor', order: 'desc' }] },
  });

  const columns = useMemo<TableColumnsType<WalletAccount>>(
    () => [
      {
        title: TEXT.name,
        dataIndex: 'name',
        render: (_, account) => (
          <Lines>
            <Typography.Link strong onClick={() => show('wallets', account.id)}>
              {account.name || account.email}
            </Typography.Link>
            {compact && <SubText wrap>{account.email}</SubText>}
          </Lines>
        ),
      },
      { title: TEXT.email, dataIndex: 'email', responsive: ['md'] },
      {
        title: TEXT.role,
        dataIndex: 'role',
        width: 110,
        responsive: ['lg'],
        render: (v: string) => <Tag>{isRole(v) ? ROLE_LABELS[v] : v}</Tag>,
      },
      {
        title: compact ? 'USD' : TEXT.usd,
        dataIndex: 'usd_minor',
        align: 'right',
        width: compact ? 80 : 140,
        render: (v: number) => <span className="jara-num">{formatDollars(v ?? 0)}</span>,
      },
      {
        title: compact ? 'NGN' : TEXT.ngn,
        dataIndex: 'ngn_minor',
        align: 'right',
        width: compact ? 96 : 160,
        render: (v: number) => <span className="jara-num">{formatNaira(v ?? 0)}</span>,
      },
      viewColumn(
        compact,
        TEXT,
        (account) => `${TEXT.view} ${account.email}`,
        (account) => show('wallets', account.id),
      ),
    ],
    [compact, show],
  );

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>
      <Toolbar table={table}>
        <FilterSearch field="q" placeholder={TEXT.searchPlaceholder} />
      </Toolbar>
      <PagedTable<WalletAccount>
        table={table}
        errorMessage={MSG.wallets.loadFailed}
        emptyText={MSG.wallets.empty}
        rowKey="id"
        columns={columns}
      />
    </div>
  );
}
