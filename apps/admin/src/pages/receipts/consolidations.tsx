import { useState } from 'react';
import { useTable } from '@refinedev/antd';
import { App, Button, Card, Drawer, Space, Table, Tag, Typography } from 'antd';
import {
  CONSOLIDATION_TEXT,
  DELIVERY_STATUS,
  deliveryStatusLabel,
  formatDollars,
  RECEIPT_MSG,
  type Consolidation,
} from '@jara/contracts';
import { PageTitle } from '../../components/page-title';
import { API_URL } from '../../providers/config';
import { http, toHttpError } from '../../providers/http';
import { MeasureForm } from './measure-form';

/**
 * Consolidations (issue 26): the customers' requests to ship parcels together. Staff pack a requested one: the
 * consolidated parcel gets its own tracking number and is measured (a receipt) here; its fee is the only one.
 */
export default function ConsolidationList() {
  const { tableProps, tableQuery } = useTable<Consolidation>({
    resource: 'consolidations',
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'id', order: 'desc' }] },
    syncWithLocation: false,
  });
  const [packing, setPacking] = useState<Consolidation | null>(null);
  const [unpacking, setUnpacking] = useState<number | null>(null);
  const { message, modal } = App.useApp();
  /** Decision 047: undo a packing while the consolidated parcel is at the warehouse and its fee unpaid. */
  const confirmUnpack = (c: Consolidation) =>
    modal.confirm({
      title: CONSOLIDATION_TEXT.unpackOf(c.id),
      content: c.parent ? CONSOLIDATION_TEXT.unpackConfirm(c.parent.tracking_no) : null,
      okText: CONSOLIDATION_TEXT.unpackYes,
      okButtonProps: { danger: true },
      cancelText: CONSOLIDATION_TEXT.unpackNo,
      onOk: () => unpack(c),
    });
  const unpack = async (c: Consolidation) => {
    setUnpacking(c.id);
    try {
      await http.post(`${API_URL}/consolidations/${c.id}/unpack`);
      message.success(RECEIPT_MSG.unpacked);
      await tableQuery.refetch();
    } catch (error) {
      message.error(`${CONSOLIDATION_TEXT.unpackFailed}: ${toHttpError(error).message}`);
    } finally {
      setUnpacking(null);
    }
  };

  return (
    <div>
      <PageTitle>Consolidations</PageTitle>
      <Card size="small">
        <Table<Consolidation> {...tableProps} rowKey="id" size="small" scroll={{ x: true }}>
          <Table.Column<Consolidation> dataIndex="id" title="ID" />
          <Table.Column<Consolidation> title="Customer" render={(_, c) => c.user?.name ?? `#${c.user?.id ?? ''}`} />
          <Table.Column<Consolidation> title="Warehouse" render={(_, c) => c.warehouse?.name ?? ''} />
          <Table.Column<Consolidation>
            title="Parcels"
            render={(_, c) => c.members.map((m) => <Tag key={m.id}>{m.tracking_no}</Tag>)}
          />
          <Table.Column<Consolidation>
            title="Status"
            render={(_, c) => (
              <Tag
                color={
                  c.status === 'packed'
                    ? 'green'
                    : c.status === 'requested'
                      ? 'blue'
                      : c.status === 'unpacked'
                        ? 'orange'
                        : 'default'
                }
              >
                {c.status_label}
              </Tag>
            )}
          />
          <Table.Column<Consolidation>
            title="Consolidated parcel"
            render={(_, c) =>
              c.parent ? (
                <Typography.Text>
                  {c.parent.tracking_no}
                  {/* Unpacked (decision 047): the parcel is cancelled, and its fee with it. */}
                  {c.parent.status === DELIVERY_STATUS.CANCELLED
                    ? ` (${deliveryStatusLabel(c.parent.status)})`
                    : c.parent.amount_minor !== null
                      ? ` (${formatDollars(c.parent.amount_minor)})`
                      : ''}
                </Typography.Text>
              ) : null
            }
          />
          <Table.Column<Consolidation>
            title="Actions"
            render={(_, c) => (
              <Space wrap>
                {c.status === 'requested' ? (
                  <Button type="primary" size="small" onClick={() => setPacking(c)}>
                    Pack
                  </Button>
                ) : null}
                {c.unpackable && c.parent ? (
                  <Button
                    size="small"
                    danger
                    loading={unpacking === c.id}
                    aria-label={CONSOLIDATION_TEXT.unpackOf(c.id)}
                    onClick={() => confirmUnpack(c)}
                  >
                    {CONSOLIDATION_TEXT.unpack}
                  </Button>
                ) : null}
              </Space>
            )}
          />
        </Table>
      </Card>
      <Drawer
        open={!!packing}
        onClose={() => setPacking(null)}
        title={packing ? `Pack consolidation #${packing.id}` : ''}
        width="min(100vw, 480px)"
        destroyOnHidden
      >
        {packing ? (
          <>
            <Typography.Paragraph>
              {packing.members.length} parcels: {packing.members.map((m) => m.tracking_no).join(', ')}
            </Typography.Paragraph>
            <MeasureForm<Consolidation>
              path={`consolidations/${packing.id}/pack`}
              submitLabel="Pack and record receipt"
              onDone={() => {
                setPacking(null);
                void tableQuery.refetch();
              }}
            />
          </>
        ) : null}
      </Drawer>
    </div>
  );
}
