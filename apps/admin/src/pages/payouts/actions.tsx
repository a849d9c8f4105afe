import { useState } from 'react';
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { Alert, App, Button, Form, Modal, Popconfirm, Space } from 'antd';
import { CheckOutlined, CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { formatNaira, type BulkApproveResult, type Payout } from '@jara/contracts';
import { RejectPayoutDto } from '@jara/dto';
import { DtoNoteField } from '../../components/dto-note-field';
import { API_URL } from '../../providers/config';
import { http } from '../../providers/http';
import { failedWrite, useRecordRefresh } from '../../schema/row-buttons';
import { blobErrorMessage } from '../kyc/shared';
import { PAYOUT_TEXT as TEXT } from './text';

/** Who a payout goes to, for confirmations: the vendor's name, else the account's name. */
export const payeeOf = (p: Payout) => p.vendor?.name || p.account_name || p.vendor?.email || `#${p.vendor_id}`;

/** Approve one payout waiting in the queue: POST /payouts/{id}/approve after a confirmation. */
export function ApproveButton({ payout, compact }: { payout: Payout; compact: boolean }) {
  const refresh = useRecordRefresh('payouts');
  const { mutate, mutation } = useCustomMutation<{ data: Payout }, HttpError>();
  const approve = () =>
    mutate(
      {
        url: `payouts/${payout.id}/approve`,
        method: 'post',
        values: {},
        successNotification: () => ({ message: TEXT.approved, type: 'success' }),
        errorNotification: failedWrite(TEXT.approveFailed),
      },
      { onSettled: () => refresh(payout.id) },
    );
  return (
    <Popconfirm
      title={TEXT.approveConfirm(formatNaira(payout.amount_minor), payeeOf(payout))}
      description={<div style={{ maxWidth: 260 }}>{TEXT.approveConfirmText}</div>}
      okText={TEXT.approve}
      cancelText={TEXT.keep}
      onConfirm={approve}
    >
      <Button
        size="small"
        type="primary"
        icon={<CheckOutlined />}
        aria-label={TEXT.approveOf(payout.id)}
        title={TEXT.approve}
        loading={mutation.isPending}
      >
        {compact ? null : TEXT.approve}
      </Button>
    </Popconfirm>
  );
}

/** Reject a payout with a reason (RejectPayoutDto): POST /payouts/{id}/reject; the money returns to the vendor. */
export function RejectModal({ payout, onClose }: { payout: Payout | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const refresh = useRecordRefresh('payouts');
  const { mutate, mutation } = useCustomMutation<{ data: Payout }, HttpError, { reason: string }>();
  const submit = ({ reason }: { reason: string }) =>
    payout &&
    mutate(
      {
        url: `payouts/${payout.id}/reject`,
        method: 'post',
        values: { reason },
        successNotification: () => ({ message: TEXT.rejected, type: 'success' }),
        errorNotification: failedWrite(TEXT.rejectFailed),
      },
      {
        onSuccess: () => onClose(),
        onError: (error) => {
          const message = error.errors?.reason;
          if (message) form.setFields([{ name: 'reason', errors: [].concat(message as never) }]);
        },
        onSettled: () => refresh(payout.id),
      },
    );
  return (
    <Modal
      open={payout !== null}
      title={payout && TEXT.rejectTitle(formatNaira(payout.amount_minor), payeeOf(payout))}
      okText={TEXT.reject}
      okButtonProps={{ danger: true, loading: mutation.isPending, htmlType: 'submit', form: 'reject-payout-form' }}
      cancelText={TEXT.keep}
      onCancel={() => !mutation.isPending && onClose()}
      destroyOnHidden
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={TEXT.rejectEffect} />
        <Form id="reject-payout-form" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <DtoNoteField dto={RejectPayoutDto} name="reason" label={TEXT.reason} placeholder={TEXT.rejectPlaceholder} />
        </Form>
      </Space>
    </Modal>
  );
}

/** The Reject button of a row (opens the modal). */
export function RejectButton({
  payout,
  compact,
  onReject,
}: {
  payout: Payout;
  compact: boolean;
  onReject: () => void;
}) {
  return (
    <Button
      size="small"
      danger
      icon={<CloseOutlined />}
      aria-label={TEXT.rejectOf(payout.id)}
      title={TEXT.reject}
      onClick={onReject}
    >
      {compact ? null : TEXT.reject}
    </Button>
  );
}

/** "Approve selected": POST /payouts/approve {ids}; the answer says which were approved and why the others were not. */
export function useBulkApprove(onDone: (result: BulkApproveResult) => void) {
  const refresh = useRecordRefresh('payouts');
  const { mutate, mutation } = useCustomMutation<{ data: BulkApproveResult }, HttpError, { ids: number[] }>();
  const approve = (ids: number[]) =>
    mutate(
      {
        url: 'payouts/approve',
        method: 'post',
        values: { ids },
        // The ones not approved are listed on the page with their reasons.
        successNotification: (res) => ({
          message: TEXT.bulkApproved(res?.data.data.approved.length ?? 0),
          type: 'success',
        }),
        errorNotification: failedWrite(TEXT.approveFailed),
      },
      { onSuccess: ({ data }) => onDone(data.data), onSettled: () => refresh() },
    );
  return { approve, pending: mutation.isPending };
}

/** "Export CSV": GET /payouts/export.csv with the list's filters, through the signed-in HTTP client (a Blob). */
export function ExportCsvButton({ params }: { params: Record<string, string | undefined> }) {
  const [busy, setBusy] = useState(false);
  const { notification } = App.useApp();
  const download = async () => {
    setBusy(true);
    try {
      const res = await http.get<Blob>(`${API_URL}/payouts/export.csv`, { params, responseType: 'blob' });
      const name = /filename="?([^";]+)"?/.exec(String(res.headers['content-disposition'] ?? ''))?.[1];
      const url = URL.createObjectURL(res.data);
      const link = Object.assign(document.createElement('a'), { href: url, download: name ?? 'payouts.csv' });
      document.body.appendChild(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    } catch (error) {
      notification.error({ message: TEXT.exportFailed, description: await blobErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} style={{ marginBottom: 12 }}>
      {TEXT.exportCsv}
    </Button>
  );
}
