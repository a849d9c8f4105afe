import { useEffect, useRef, useState } from 'react';
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { KYC_STATUS, KYC_STATUSES, MSG, kycStatusLabel, type KycFile, type KycSubmission } from '@jara/contracts';
import { KycDecisionDto } from '@jara/dto';
import { DtoNoteField } from '../../components/dto-note-field';
import { FormModal, useFormDialog } from '../../components/form-modal';
import { API_URL } from '../../providers/config';
import { http, toHttpError } from '../../providers/http';
import { StatusTag } from '../../components/money';
import { failedWrite, useRecordRefresh } from '../../schema/row-buttons';
import type { DeleteDescription } from '../../schema/types';
import { KYC_TEXT as TEXT } from './text';

/** Refine's resource of GET /kyc (providers/resources.tsx). */
export const KYC = 'kyc';

/** A KYC status as a tag: Pending, Approved, Rejected, anything else 'Unknown' (spec 4). */
export const KycStatusTag = ({ status }: { status: unknown }) => (
  <StatusTag rows={KYC_STATUSES} status={status} label={kycStatusLabel} testId="kyc-status" />
);

/** Refetches the list and, given an id, the submission after a write. */
export const useKycRefresh = () => useRecordRefresh(KYC);

/** Delete with a confirmation (DELETE /kyc/{id}): 'KYC deleted' / 'Failed to delete KYC'. */
export const KYC_DELETE: DeleteDescription<Pick<KycSubmission, 'name'>> = {
  confirm: TEXT.deleteTitle,
  confirmText: TEXT.deleteText,
  yes: TEXT.deleteYes,
  deleted: MSG.kyc.deleted,
  failed: MSG.kyc.deleteFailed,
  labelOf: (kyc) => TEXT.deleteOf(kyc.name),
};

/**
 * Approve and Reject (PUT /kyc/{id}/approve {status: 1 | -1, reason}): a pending submission may be approved or
 * rejected, an approved one still rejected, a rejected one is final (the customer submits anew). Approve asks for a
 * confirmation, Reject for an optional reason. 'KYC status updated' / 'Failed to update status'.
 */
export function KycDecision({ kyc }: { kyc: KycSubmission }) {
  const refresh = useKycRefresh();
  const { mutate, mutation } = useCustomMutation<{ data: KycSubmission; message?: string }, HttpError>();
  const dialog = useFormDialog<true, { reason?: string }>(mutation.isPending);
  const rejecting = dialog.current !== null;
  const pending = kyc.status === KYC_STATUS.PENDING;
  const canReject = pending || kyc.status === KYC_STATUS.APPROVED;

  // The reason as typed: KycDecisionDto trims it (blank is no reason), here and on the server alike.
  const decide = (status: 1 | -1, reason?: string) => {
    const values: { status: 1 | -1; reason?: string } = { status, reason };
    mutate(
      {
        url: `kyc/${kyc.id}/approve`,
        method: 'put',
        values,
        successNotification: () => ({ message: MSG.kyc.statusUpdated, type: 'success' }),
        errorNotification: failedWrite(MSG.kyc.updateFailed),
      },
      {
        onSuccess: () => dialog.setCurrent(null),
        onSettled: () => refresh(kyc.id),
      },
    );
  };

  if (!canReject) return null;
  return (
    <>
      <Space wrap data-testid="kyc-decision">
        {pending && (
          <Popconfirm
            title={TEXT.approveTitle}
            description={TEXT.approveText}
            okText={TEXT.approve}
            cancelText={TEXT.cancel}
            onConfirm={() => decide(1)}
          >
            <Button type="primary" icon={<CheckOutlined />} loading={mutation.isPending && !rejecting}>
              {TEXT.approve}
            </Button>
          </Popconfirm>
        )}
        <Button danger icon={<CloseOutlined />} onClick={() => dialog.open(true)}>
          {TEXT.reject}
        </Button>
      </Space>
      <FormModal
        dialog={dialog}
        title={TEXT.rejectTitle(kyc.name)}
        okText={TEXT.reject}
        cancelText={TEXT.cancel}
        danger
        pending={mutation.isPending}
        formId="kyc-reject-form"
        formLabel={TEXT.reject}
        onFinish={({ reason }) => decide(-1, reason)}
        intro={<Typography.Paragraph style={{ margin: 0 }}>{TEXT.rejectText}</Typography.Paragraph>}
      >
        <DtoNoteField
          dto={KycDecisionDto}
          name="reason"
          label={TEXT.reasonLabel}
          placeholder={TEXT.reasonPlaceholder}
        />
      </FormModal>
    </>
  );
}

/** The message of a failed file request: its body is a Blob, read as the API's JSON `{message}` when it is one. */
export async function blobErrorMessage(error: unknown): Promise<string> {
  const data = (error as { response?: { data?: unknown } })?.response?.data;
  if (data instanceof Blob) {
    try {
      const body = JSON.parse(await data.text()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // not JSON: fall through
    }
  }
  return toHttpError(error).message;
}

export type DocumentState =
  { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error'; message: string };

/**
 * One identity document (GET /kyc/{id}/files/{file}): fetched with the bearer token through the data provider's HTTP
 * client (never a token in a URL), shown from an object URL that is revoked when the component goes or the file
 * changes. `onLoaded` runs after each successful fetch (the server has recorded the view by then).
 */
export function useKycDocument(id: number, file: KycFile, onLoaded?: () => void): DocumentState {
  const [state, setState] = useState<DocumentState>({ status: 'loading' });
  // A notification only: a new callback must not fetch the document again (each fetch is a recorded view).
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    http
      .get<Blob>(`${API_URL}/kyc/${id}/files/${file}`, { responseType: 'blob', signal: controller.signal })
      .then((res) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(res.data);
        setState({ status: 'ready', url: objectUrl });
        loaded.current?.();
      })
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = await blobErrorMessage(error);
        if (!controller.signal.aborted) setState({ status: 'error', message });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, file]);
  return state;
}
