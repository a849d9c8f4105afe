import { useMemo, useState } from 'react';
import { useDelete, type HttpError } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { Button, Grid, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { MSG, PAGE_SIZES, activeLabel, formatDate, isActive, type Category } from '@jara/contracts';
import { PagedTable } from '../../components/paged-table';
import { PageTitle } from '../../components/page-title';
import { CategoryForm } from './form';
import { CATEGORY_TEXT as TEXT } from './text';

/** Category Management (spec 2.23): the form (create or edit) above the table. */
export default function CategoryList() {
  const [editingId, setEditingId] = useState<number | undefined>(undefined);
  // Phones: icon-only actions and no date columns, so the table fits without sideways scrolling.
  const compact = !Grid.useBreakpoint().sm;
  const table = useTable<Category, HttpError>({
    resource: 'categories',
    pagination: { currentPage: 1, pageSize: PAGE_SIZES.categories, mode: 'server' },
    // Newest first, so a category just created shows on page 1.
    sorters: { permanent: [{ field: 'id', order: 'desc' }] },
    // Admins see inactive categories too.
    filters: { permanent: [{ field: 'all', operator: 'eq', value: 1 }] },
    syncWithLocation: true,
    errorNotification: false,
  });
  const { currentPage, pageSize } = table;

  const { mutate: remove, mutation: deletion } = useDelete<Category, HttpError>();
  const deletingId = deletion.isPending ? deletion.variables?.id : undefined;
  const confirmDelete = (category: Category) =>
    remove(
      {
        resource: 'categories',
        id: category.id,
        successNotification: () => ({ message: MSG.categories.deleted, type: 'success' }),
        // e.g. 409: the category still has products; the API's message says what to do.
        errorNotification: (error) => ({ description: TEXT.deleteFailed, message: error?.message ?? TEXT.deleteFailed, type: 'error' }),
      },
      { onSuccess: () => setEditingId((current) => (current === category.id ? undefined : current)) },
    );

  const columns = useMemo<TableColumnsType<Category>>(
    () => [
      { title: TEXT.serial, key: 'sn', width: compact ? 48 : 64, render: (_, __, index) => (currentPage - 1) * pageSize + index + 1 },
      { title: TEXT.name, dataIndex: 'name', width: compact ? undefined : 220 },
      {
        title: TEXT.status,
        dataIndex: 'status',
        width: 100,
        render: (v: number) => <Tag color={isActive(v) ? 'success' : 'default'}>{activeLabel(v)}</Tag>,
      },
      { title: TEXT.createdAt, dataIndex: 'created_at', width: 130, responsive: ['sm'], render: (v: string) => formatDate(v) },
      { title: TEXT.updatedAt, dataIndex: 'updated_at', width: 130, responsive: ['sm'], render: (v: string) => formatDate(v) },
      {
        title: TEXT.actions,
        key: 'actions',
        width: compact ? 88 : 190,
        fixed: compact ? undefined : 'right',
        render: (_, category) => (
          <Space>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={TEXT.edit}
              title={TEXT.edit}
              disabled={editingId === category.id}
              onClick={() => setEditingId(category.id)}
            >
              {compact ? null : TEXT.edit}
            </Button>
            <Popconfirm
              title={MSG.categories.deleteConfirm}
              okText={MSG.categories.deleteConfirmYes}
              cancelText={MSG.categories.cancel}
              okButtonProps={{ danger: true }}
              onConfirm={() => confirmDelete(category)}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={TEXT.delete} title={TEXT.delete} loading={deletingId === category.id}>
                {compact ? null : TEXT.delete}
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
    ],
    // confirmDelete only closes over the stable mutate function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compact, currentPage, pageSize, editingId, deletingId],
  );

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>
      <CategoryForm key={editingId ?? 'new'} id={editingId} onDone={() => setEditingId(undefined)} />
      <PagedTable<Category>
        table={table}
        errorMessage={MSG.lists.loadCategoriesFailed}
        emptyText={MSG.categories.empty}
        rowKey="id"
        columns={columns}
        scroll={compact ? undefined : { x: 834 }}
      />
    </div>
  );
}
