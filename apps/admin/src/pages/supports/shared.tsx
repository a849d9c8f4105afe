import { useCallback, type CSSProperties } from 'react';
import { useInvalidate, useUpdate, type HttpError } from '@refinedev/core';
import { Select, Tag } from 'antd';
import {
  MSG,
  SUPPORT_STATUSES,
  supportStatusLabel,
  type SupportRequest,
  type SupportStatus,
} from '@jara/contracts';
import { TONE_COLOR } from '../deliveries/shared';
import { failedWrite } from '../../schema/row-buttons';
import type { DeleteDescription } from '../../schema/types';
import { SUPPORT_TEXT as TEXT } from './text';

/** Refine's resource of GET /supports (providers/resources.tsx). */
export const SUPPORTS = 'supports';

/** The key of a thread's query (GET /supports/{id}/responses), refetched after a write. */
export const threadUrl = (id: number | string) => `supports/${id}/responses`;

export const SUPPORT_STATUS_OPTIONS = SUPPORT_STATUSES.map((s) => ({ value: s.code, label: s.label }));

/** A support status as a tag: Open, In Progress, Closed, anything else 'Unknown'. */
export function SupportStatusTag({ status }: { status: unknown }) {
  const tone = SUPPORT_STATUSES.find((s) => String(s.code) === String(status))?.tone ?? 'default';
  return (
    <Tag color={TONE_COLOR[tone]} style={{ marginInlineEnd: 0 }} data-testid="support-status">
      {supportStatusLabel(status)}
    </Tag>
  );
}

/** Refetches the inbox and, given an id, the request after a write. */
export function useSupportRefresh() {
  const invalidate = useInvalidate();
  return useCallback(
    (id?: number) =>
      void invalidate({ resource: SUPPORTS, invalidates: id === undefined ? ['list'] : ['list', 'detail'], id }),
    [invalidate],
  );
}

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
