import { Typography } from 'antd';
import { type Warehouse, type WarehouseType } from '@jara/contracts';
import { CreateWarehouseDto, UpdateWarehouseDto } from '@jara/dto';
import { describe } from '../schema/types';
import { LOGISTICS_DELETE, LOGISTICS_SAVED, placedFields } from '../pages/logistics/shared';
import { LOGISTICS_TEXT as TEXT, WAREHOUSE_TYPE_OPTIONS, typeLabel } from '../pages/logistics/text';

interface WarehouseRequest {
  name: string;
  location_id: number;
  type: WarehouseType;
  address?: string;
  contact?: string;
}

/** Warehouses (issue 11): name, location, type, address and contact, shown on the storefront's ready-to-ship page. */
export default describe<Warehouse, WarehouseRequest>({
  resource: 'warehouses',
  title: TEXT.warehousesTitle,
  pageSize: 10,
  sorters: { permanent: [{ field: 'id', order: 'desc' }] },
  filters: [{ kind: 'search', field: 'q', placeholder: TEXT.warehouseSearch }],
  columns: () => [
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
  ],
  actions: { width: [88, 190] },
  table: { scroll: { x: 900 } },
  errorMessage: TEXT.loadWarehousesFailed,
  emptyText: TEXT.warehousesEmpty,
  form: {
    dto: { create: CreateWarehouseDto, update: UpdateWarehouseDto },
    ...LOGISTICS_SAVED,
    createTitle: TEXT.warehouseCreateTitle,
    editTitle: TEXT.warehouseEditTitle,
    createButton: TEXT.warehouseCreate,
    initialValues: { type: 'sea_cargo' },
    rows: [
      [...placedFields(TEXT.warehousePlaceholder, WAREHOUSE_TYPE_OPTIONS)],
      [
        { name: 'address', label: TEXT.address, flex: '2 1 280px' },
        { name: 'contact', label: TEXT.contact, flex: '1 1 200px' },
      ],
    ],
    toRequest: (v) => ({
      name: v.name.trim(),
      location_id: Number(v.location_id),
      type: v.type,
      // Blank text clears the field on edit.
      address: v.address?.trim() ?? '',
      contact: v.contact?.trim() ?? '',
    }),
  },
  delete: LOGISTICS_DELETE,
});
