import { useCallback, type ReactNode } from 'react';
import { useDeleteButton, useInvalidate, type HttpError } from '@refinedev/core';
import { Button, Popconfirm, type TableColumnType } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { DeleteDescription } from './types';

/** Refine's notification of a refused write: the screen's failure text as the heading, the server's reason under it. */
export const failedWrite = (heading: string) => (error?: HttpError) => ({
  description: heading,
  message: error?.message ?? heading,
  type: 'error' as const,
});

/**
 * Delete with a confirmation (DELETE /{resource}/{id}) on Refine's useDeleteButton: hidden when the access control
 * refuses, the list refetched after; the description's texts and toasts.
 */
export function RowDeleteButton<T extends { id: number }>({
  resource,
  row,
  text,
  compact = false,
  size = 'small',
  onDeleted,
}: {
  resource: string;
  row: T;
  text: DeleteDescription<T>;
  compact?: boolean;
  size?: 'small' | 'middle';
  onDeleted?: () => void;
}) {
  const { hidden, loading, onConfirm } = useDeleteButton({
    resource,
    id: row.id,
    successNotification: () => ({ message: text.deleted, type: 'success' }),
    errorNotification: failedWrite(text.failed),
    onSuccess: () => onDeleted?.(),
  });
  if (hidden) return null;
  const label = text.labelOf?.(row) ?? 'Delete';
  return (
    <Popconfirm
      title={text.confirm}
      description={text.confirmText && <div style={{ maxWidth: 260 }}>{text.confirmText}</div>}
      okText={text.yes}
      cancelText={text.no ?? 'Cancel'}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button size={size} danger icon={<DeleteOutlined />} aria-label={label} title={label} loading={loading}>
        {compact ? null : 'Delete'}
      </Button>
    </Popconfirm>
  );
}

/** The Edit button of a row (icon only on a phone), disabled while its row is in the form. */
export function RowEditButton({
  label = 'Edit',
  compact,
  editing,
  onEdit,
}: {
  label?: string;
  compact: boolean;
  editing: boolean;
  onEdit: () => void;
}) {
  return (
    <Button size="small" icon={<EditOutlined />} aria-label={label} title={label} disabled={editing} onClick={onEdit}>
      {compact ? null : 'Edit'}
    </Button>
  );
}

/** A row's button that opens something (View, Open): icon only on a phone, named by `label`. */
export function RowOpenButton({
  icon,
  text,
  label,
  compact,
  onClick,
}: {
  icon: ReactNode;
  text: string;
  label: string;
  compact: boolean;
  onClick: () => void;
}) {
  return (
    <Button size="small" icon={icon} aria-label={label} title={label} onClick={onClick}>
      {compact ? null : text}
    </Button>
  );
}

/** Refetches a resource's lists and, given an id, that record after a write. */
export function useRecordRefresh(resource: string) {
  const invalidate = useInvalidate();
  return useCallback(
    (id?: number) => void invalidate({ resource, invalidates: id === undefined ? ['list'] : ['list', 'detail'], id }),
    [invalidate, resource],
  );
}

/** The Actions column of a list whose rows open their own page: an eye button named by `labelOf`, titled `view`. */
export function viewColumn<T>(
  compact: boolean,
  text: { actions: string; view: string },
  labelOf: (row: T) => string,
  onView: (row: T) => void,
): TableColumnType<T> {
  return {
    title: compact ? '' : text.actions,
    key: 'actions',
    width: compact ? 48 : 80,
    render: (_, row) => (
      <Button
        size="small"
        icon={<EyeOutlined />}
        aria-label={labelOf(row)}
        title={text.view}
        onClick={() => onView(row)}
      />
    ),
  };
}
