import { useMemo, useState } from 'react';
import { type HttpError } from '@refinedev/core';
import { useForm, useTable } from '@refinedev/antd';
import { Button, Card, Flex, Form, Grid, Input, Select, Typography, type TableColumnsType } from 'antd';
import { MSG, type Warehouse, type WarehouseType } from '@jara/contracts';
import { ListSearch } from '../../components/list-search';
import { PageTitle } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { chosen, useLocationSelect, RowActions, useRowDelete } from './shared';
import { LOGISTICS_TEXT as TEXT, WAREHOUSE_TYPE_OPTIONS, typeLabel } from './text';

const PAGE_SIZE = 10;

interface WarehouseRequest {
  name: string;
  location_id: number;
  type: WarehouseType;
  address?: string;
  contact?: string;
}

function WarehouseForm({ id, onDone }: { id?: number; onDone: () => void }) {
  const editing = id !== undefined;
  const locationSelect = useLocationSelect();
  const { formProps, saveButtonProps, form, formLoading } = useForm<Warehouse, HttpError, WarehouseRequest>({
    resource: 'warehouses',
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
  const title = editing ? TEXT.warehouseEditTitle : TEXT.warehouseCreateTitle;

  return (
    <Card
      size="small"
      title={title}
      style={{ marginBottom: 16 }}
      loading={editing && formLoading && !form.getFieldValue('name')}
    >
      <Form<WarehouseRequest>
        {...formProps}
        layout="vertical"
        initialValues={editing ? formProps.initialValues : { type: 'sea_cargo' }}
        onFinish={(values) =>
          formProps.onFinish?.({
            name: values.name.trim(),
            location_id: Number(values.location_id),
            type: values.type,
            // Blank text clears the field on edit.
            address: values.address?.trim() ?? '',
            contact: values.contact?.trim() ?? '',
          })
        }
        aria-label={title}
      >
        <Flex wrap gap={16} align="flex-start">
          <Form.Item
            label={TEXT.name}
            name="name"
            rules={[{ required: true, whitespace: true, message: MSG.warehouses.nameRequired }]}
            style={{ flex: '1 1 220px', marginBottom: 12 }}
          >
            <Input placeholder={TEXT.warehousePlaceholder} maxLength={120} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={TEXT.location}
            name="location_id"
            rules={[chosen(MSG.locations.unknown)]}
            style={{ flex: '1 1 200px', marginBottom: 12 }}
          >
            <Select
              {...locationSelect}
              aria-label={TEXT.location}
              placeholder={TEXT.chooseLocation}
              showSearch
              allowClear
            />
          </Form.Item>
          <Form.Item
            label={TEXT.type}
            name="type"
            rules={[chosen(MSG.warehouses.typeInvalid)]}
            style={{ flex: '0 1 160px', minWidth: 140, marginBottom: 12 }}
          >
            <Select aria-label={TEXT.type} options={WAREHOUSE_TYPE_OPTIONS} />
          </Form.Item>
        </Flex>
        <Flex wrap gap={16} align="flex-start">
          <Form.Item label={TEXT.address} name="address" style={{ flex: '2 1 280px', marginBottom: 12 }}>
            <Input maxLength={500} autoComplete="off" />
          </Form.Item>
          <Form.Item label={TEXT.contact} name="contact" style={{ flex: '1 1 200px', marginBottom: 12 }}>
            <Input maxLength={255} autoComplete="off" />
          </Form.Item>
        </Flex>
        <Flex gap={8} wrap>
          <Button {...saveButtonProps} type="primary">
            {editing ? TEXT.save : TEXT.warehouseCreate}
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

/** Warehouses (issue 11): name, location, type, address and contact, shown on the storefront's ready-to-ship page. */
export default function WarehouseList() {
  const [editingId, setEditingId] = useState<number | undefined>(undefined);
  const compact = !Grid.useBreakpoint().sm;
  const table = useTable<Warehouse, HttpError>({
    resource: 'warehouses',
    pagination: { currentPage: 1, pageSize: PAGE_SIZE, mode: 'server' },
    sorters: { permanent: [{ field: 'id', order: 'desc' }] },
    syncWithLocation: true,
    errorNotification: false,
  });
  const { filters, setFilters, setCurrentPage } = table;
  const current = filters.find((f) => 'field' in f && f.field === 'q');
  const initialSearch = current && 'value' in current && current.value ? String(current.value) : '';

  const { deletingId, confirmDelete } = useRowDelete<Warehouse>('warehouses', setEditingId);

  const columns = useMemo<TableColumnsType<Warehouse>>(
    () => [
      { title: TEXT.name, dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
      { title: TEXT.location, key: 'location', render: (_, w) => w.location?.name ?? '—' },
      { title: TEXT.type, dataIndex: 'type', width: 110, render: (v: string) => typeLabel(v) },
      { title: TEXT.address, dataIndex: 'address', render: (v: string | null) => v || '—' },
      {
        title: TEXT.contact,
        dataIndex: 'contact',
        width: 210,
        // A phone number stays on one line: the spaces between its digit groups do not break.
        render: (v: string | null) => (v ? v.replace(/(\d) (?=\d)/g, '$1\u00a0') : '—'),
      },
      {
        title: TEXT.actions,
        key: 'actions',
        width: compact ? 88 : 190,
        render: (_, warehouse) => (
          <RowActions
            compact={compact}
            editing={editingId === warehouse.id}
            deleting={deletingId === warehouse.id}
            onEdit={() => setEditingId(warehouse.id)}
            onDelete={() => confirmDelete(warehouse)}
          />
        ),
      },
    ],
    // confirmDelete only closes over the stable mutate function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compact, editingId, deletingId],
  );

  return (
    <div>
      <PageTitle>{TEXT.warehousesTitle}</PageTitle>
      <WarehouseForm key={editingId ?? 'new'} id={editingId} onDone={() => setEditingId(undefined)} />
      <Flex wrap gap={12} className="jara-toolbar" style={{ marginBottom: 16 }}>
        <ListSearch
          placeholder={TEXT.warehouseSearch}
          initial={initialSearch}
          onApply={(value) => {
            setFilters([{ field: 'q', operator: 'eq', value }], 'merge');
            setCurrentPage(1);
          }}
        />
      </Flex>
      <PagedTable<Warehouse>
        table={table}
        errorMessage={TEXT.loadWarehousesFailed}
        emptyText={TEXT.warehousesEmpty}
        rowKey="id"
        columns={columns}
        scroll={{ x: 900 }}
      />
    </div>
  );
}
