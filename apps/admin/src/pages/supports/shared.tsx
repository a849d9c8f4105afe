import type { CSSProperties } from 'react';
import { useUpdate, type HttpError } from '@refinedev/core';
import { Select } from 'antd';
import { MSG, SUPPORT_STATUSES, supportStatusLabel, type SupportRequest, type SupportStatus } from '@jara/contracts';
import { StatusTag } from '../../components/money';
import { failedWrite, useRecordRefresh } from '../../schema/row-buttons';
import type { DeleteDescription } from '../../schema/types';
import { SUPPORT_TEXT as TEXT } from './text';

/** Refine's resource of GET /supports (providers/resources.tsx). */
export const SUPPORTS = 'supports';

/** The key of a thread's query (GET /supports/{id}/responses), refetched after a write. */
export const threadUrl = (id: number | string) => `supports/${id}/responses`;

export const SUPPORT_STATUS_OPTIONS = SUPPORT_STATUSES.map((s) => ({ value: s.code, label: s.label }));

/** A support status as a tag: Open, In Progress, Closed, anything else 'Unknown'. */
export const SupportStatusTag = ({ status }: { status: unknown }) => (
  <StatusTag rows={SUPPORT_STATUSES} status={status} label={supportStatusLabel} testId="support-status" />
);

/** Refetches the inbox and, given an id, the request after a write. */
export const useSupportRefresh = () => useRecordRefresh(SUPPORTS);

/**
 * The admin's status select (spec 4: 1 Open, 2 In Progress, 0 Closed): PATCH /supports/{id} {status} at once.
 * 'Status updated' / 'Update failed'.
 */
export function SupportStatusSelect({
  support,
  onChanged,
  style,
}: {
  support: Pick<SupportRequest, 'id' | 'subject' | 'status'>;
  onChanged?: () => void;
  style?: CSSProperties;
}) {
  const { mutate, mutation } = useUpdate<SupportRequest, HttpError, { status: SupportStatus }>();
  const change = (status: SupportStatus) =>
    mutate(
      {
        resource: SUPPORTS,
        id: support.id,
        values: { status },
        successNotification: () => ({ message: MSG.support.statusUpdated, type: 'success' }),
        errorNotification: failedWrite(MSG.support.updateFailed),
      },
      { onSettled: () => onChanged?.() },
    );
  return (
    <Select<SupportStatus>
      aria-label={TEXT.statusOf(support.subject)}
      value={mutation.isPending ? mutation.variables?.values?.status : support.status}
      options={SUPPORT_STATUS_OPTIONS}
      onChange={change}
      loading={mutation.isPending}
      disabled={mutation.isPending}
      popupMatchSelectWidth={false}
      style={{ width: 140, ...style }}
      data-testid="support-status-select"
    />
  );
}

/** Delete with a confirmation (DELETE /supports/{id}): 'Support deleted!' / 'Failed to delete support'. */
export const SUPPORT_DELETE: DeleteDescription<Pick<SupportRequest, 'subject'>> = {
  confirm: TEXT.deleteTitle,
  confirmText: TEXT.deleteText,
  yes: TEXT.deleteYes,
  deleted: MSG.support.deleted,
  failed: MSG.support.deleteFailed,
  labelOf: (support) => TEXT.deleteOf(support.subject),
};
