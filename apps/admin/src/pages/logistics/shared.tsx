import type { Dispatch, SetStateAction } from 'react';
import { useSelect } from '@refinedev/antd';
import { useDelete, type HttpError } from '@refinedev/core';
import { Button, Popconfirm, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { MSG, type Location } from '@jara/contracts';
import { LOGISTICS_TEXT as TEXT } from './text';

/** The locations to pick from (every location, by name; the API's q searches names). */
export function useLocationSelect() {
  const { selectProps } = useSelect<Location, HttpError>({
    resource: 'locations',
    optionLabel: 'name',
    optionValue: 'id',
    sorters: [{ field: 'name', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 100, mode: 'server' },
    onSearch: (value) => [{ field: 'q', operator: 'eq', value: value.trim() || undefined }],
    debounce: 300,
    errorNotification: false,
  });
  return selectProps;
}

/**
 * An antd Select rule without `required` (that one puts aria-required on the combobox, which axe refuses):
 * a value must be chosen, else `message`.
 */
export const chosen = (message: string) => ({
  validator: async (_: unknown, value: unknown) => {
    if (value === undefined || value === null || value === '') throw new Error(message);
  },
});

/**
 * Deleting a row of a logistics list: the API's message on a refusal (a 409 names what to do), and the edit form
 * closes when it was editing the deleted row.
 */
export function useRowDelete<T extends { id: number }>(
  resource: string,
  setEditingId: Dispatch<SetStateAction<number | undefined>>,
) {
  const { mutate: remove, mutation: deletion } = useDelete<T, HttpError>();
  const deletingId = deletion.isPending ? deletion.variables?.id : undefined;
  const confirmDelete = (row: T) =>
    remove(
      {
        resource,
        id: row.id,
        successNotification: () => ({ message: MSG.deliveries.deleted, type: 'success' }),
        errorNotification: (error) => ({
          description: TEXT.deleteFailed,
          message: error?.message ?? TEXT.deleteFailed,
          type: 'error',
        }),
      },
      { onSuccess: () => setEditingId((id) => (id === row.id ? undefined : id)) },
    );
  return { deletingId, confirmDelete };
}

/** The Edit and Delete buttons of a row (icons only on a phone); Delete asks 'Are you sure?' first. */
export function RowActions({
  compact,
  editing,
  deleting,
  onEdit,
  onDelete,
}: {
  compact: boolean;
  editing: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Space>
      <Button
        size="small"
        icon={<EditOutlined />}
        aria-label={TEXT.edit}
        title={TEXT.edit}
        disabled={editing}
        onClick={onEdit}
      >
        {compact ? null : TEXT.edit}
      </Button>
      <Popconfirm
        title={MSG.shipping.confirmDelete}
        okText={TEXT.deleteYes}
        cancelText={TEXT.deleteNo}
        okButtonProps={{ danger: true }}
        onConfirm={onDelete}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={TEXT.delete}
          title={TEXT.delete}
          loading={deleting}
        >
          {compact ? null : TEXT.delete}
        </Button>
      </Popconfirm>
    </Space>
  );
}
