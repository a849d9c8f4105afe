import { useMemo, useState } from 'react';
import { type HttpError } from '@refinedev/core';
import { useForm, useTable } from '@refinedev/antd';
import { Button, Card, Flex, Form, Grid, Input, Select, Tag, type TableColumnsType } from 'antd';
import { MSG, activeLabel, isActive, type Location } from '@jara/contracts';
import { ListSearch } from '../../components/list-search';
import { PageTitle } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { RowActions, useRowDelete } from './shared';
import { ACTIVE_OPTIONS, LOGISTICS_TEXT as TEXT } from './text';

const PAGE_SIZE = 10;

interface LocationRequest {
  name: string;
  status: number;
}

/** The location form, for create (no id) and edit (an id); mount it with `key={id ?? 'new'}`. */
function LocationForm({ id, onDone }: { id?: number; onDone: () => void }) {
  const editing = id !== undefined;
  const { formProps, saveButtonProps, form, formLoading } = useForm<Location, HttpError, LocationRequest>({
    resource: 'locations',
    action: editing ? 'edit' : 'create',
    id,
    redirect: false,
    warnWhenUnsavedChanges: false,
    successNotification: () => ({
      message: editing ? MSG.deliveries.updated : MSG.deliveries.created,
      type: 'success',
    }),
    errorNotification: (error) =>
      error?.errors && Object.keys(error.errors).length > 0
        ? false
        : { description: TEXT.saveFailed, message: error?.message ?? TEXT.saveFailed, type: 'error' },
    onMutationSuccess: () => {
      form.resetFields();
      onDone();
    },
  });
  const title = editing ? TEXT.locationEditTitle : TEXT.locationCreateTitle;

  return (
    <Card
      size="small"
      title={title}
      style={{ marginBottom: 16 }}
      loading={editing && formLoading && !form.getFieldValue('name')}
    >
      <Form<LocationRequest>
        {...formProps}
        layout="vertical"
        initialValues={editing ? formProps.initialValues : { status: 1 }}
        onFinish={(values) => formProps.onFinish?.({ name: values.name.trim(), status: Number(values.status) })}
        aria-label={title}
      >
        <Flex wrap gap={16} align="flex-start">
          <Form.Item
            label={TEXT.name}
            name="name"
            rules={[{ required: true, whitespace: true, message: MSG.locations.nameRequired }]}
            style={{ flex: '1 1 240px', marginBottom: 12 }}
          >
            <Input placeholder={TEXT.locationPlaceholder} maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item label={TEXT.status} name="status" style={{ flex: '0 1 160px', minWidth: 140, marginBottom: 12 }}>
            <Select aria-label={TEXT.status} options={ACTIVE_OPTIONS} />
          </Form.Item>
        </Flex>
        <Flex gap={8} wrap>
          <Button {...saveButtonProps} type="primary">
            {editing ? TEXT.save : TEXT.locationCreate}
          </Button>
          {editing && (
            <Button
              onClick={() => {
                form.resetFields();
                onDone();
              }}
            >
              {TEXT.cancelEdit}
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}

/** Manage Locations (spec 2.26): the form above a searchable table of every location (admins see inactive ones too). */
export default function LocationList() {
  const [editingId, setEditingId] = useState<number | undefined>(undefined);
  const compact = !Grid.useBreakpoint().sm;
  const table = useTable<
    Location,
    HttpError
  >({
    resource: 'locations',
    pagination: { currentPage: 1, pageSize: PAGE_SIZE, mode: 'server' },
    sorters: { permanent: [{ field: 'id', order: 'desc' }] },
    syncWithLocation: true,
    errorNotification: false,
  });
  const { filters, setFilters, currentPage, setCurrentPage, pageSize } = table;
  const current = filters.find((f) => 'field' in f && f.field === 'q');
  const initialSearch = current && 'value' in current && current.value ? String(current.value) : '';

  const { deletingId, confirmDelete } = useRowDelete<Location>('locations', setEditingId);

  const columns = useMemo<TableColumnsType<Location>>(
    () => [
      {
        title: TEXT.serial,
        key: 'sn',
        width: compact ? 48 : 64,
        render: (_, __, index) => (currentPage - 1) * pageSize + index + 1,
      },
      {
        title: TEXT.status,
        dataIndex: 'status',
        width: 100,
        render: (v: number) => <Tag color={isActive(v) ? 'success' : 'default'}>{activeLabel(v)}</Tag>,
      },
      { title: TEXT.name, dataIndex: 'name' },
      {
        title: TEXT.actions,
        key: 'actions',
        width: compact ? 88 : 190,
        render: (_, location) => (
          <RowActions
            compact={compact}
            editing={editingId === location.id}
            deleting={deletingId === location.id}
            onEdit={() => setEditingId(location.id)}
            onDelete={() => confirmDelete(location)}
          />
        ),
      },
    ],
    // confirmDelete only closes over the stable mutate function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compact, currentPage, pageSize, editingId, deletingId],
  );

  return (
    <div>
      <PageTitle>{TEXT.locationsTitle}</PageTitle>
      <LocationForm key={editingId ?? 'new'} id={editingId} onDone={() => setEditingId(undefined)} />
      <Flex wrap gap={12} className="jara-toolbar" style={{ marginBottom: 16 }}>
        <ListSearch
          placeholder={TEXT.locationSearch}
          initial={initialSearch}
          onApply={(value) => {
            setFilters([{ field: 'q', operator: 'eq', value }], 'merge');
            setCurrentPage(1);
          }}
        />
      </Flex>
      <PagedTable<Location>
        table={table}
        errorMessage={MSG.locations.loadFailed}
        emptyText={TEXT.locationsEmpty}
        rowKey="id"
        columns={columns}
      />
    </div>
  );
}
