import { useMemo } from 'react';
import { useDelete, useList, useNavigation, type HttpError } from '@refinedev/core';
import { Alert, Button, Grid, Image, Popconfirm, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, StarFilled } from '@ant-design/icons';
import {
  ACTIVE,
  INACTIVE,
  MSG,
  PAGE_SIZES,
  PRODUCT_TYPES,
  activeLabel,
  formatNaira,
  isActive,
  productTypeLabel,
  type Category,
  type Product,
} from '@jara/contracts';
import { PagedTable } from '../../components/paged-table';
import { PageTitle } from '../../components/page-title';
import { useListTable } from '../../schema/list-table';
import { PRODUCT_TEXT as TEXT } from './text';
import { FilterSearch, FilterSelect, Toolbar } from '../../components/list-filters';
import { SubText } from '../../components/cell-text';

type SortKey = 'newest' | 'oldest' | 'price_asc' | 'price_desc' | 'rating_desc' | 'rating_asc';
const SORTS: Record<SortKey, { label: string; field: string; order: 'asc' | 'desc' }> = {
  newest: { label: 'Newest first', field: 'created_at', order: 'desc' },
  oldest: { label: 'Oldest first', field: 'created_at', order: 'asc' },
  price_asc: { label: 'Price: low to high', field: 'price_ngn', order: 'asc' },
  price_desc: { label: 'Price: high to low', field: 'price_ngn', order: 'desc' },
  rating_desc: { label: 'Rating: high to low', field: 'average_rating', order: 'desc' },
  rating_asc: { label: 'Rating: low to high', field: 'average_rating', order: 'asc' },
};

/** '' is "All": the API takes only 1 or 0, so All simply sends no status filter. */
const STATUS_FILTERS = [
  { value: ACTIVE, label: activeLabel(ACTIVE) },
  { value: INACTIVE, label: activeLabel(INACTIVE) },
  { value: '', label: TEXT.all },
];

/** The admin's product list (spec 2.20): active products by default, server-side filters, sort and pages. */
export default function ProductList() {
  const { show, edit } = useNavigation();
  // Phones get a compact table: category and rating under the name, actions stacked.
  const compact = !Grid.useBreakpoint().md;
  const table = useListTable<Product>({
    resource: 'products',
    pageSize: PAGE_SIZES.productManager,
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
    filters: { initial: [{ field: 'status', operator: 'eq', value: ACTIVE }] },
  });
  const { sorters, applySort } = table;

  const categories = useList<Category, HttpError>({
    resource: 'categories',
    pagination: { currentPage: 1, pageSize: 100, mode: 'server' },
    sorters: [{ field: 'name', order: 'asc' }],
    filters: [{ field: 'all', operator: 'eq', value: 1 }],
    errorNotification: false,
  });

  const sortKey =
    (Object.keys(SORTS) as SortKey[]).find(
      (key) => SORTS[key].field === sorters[0]?.field && SORTS[key].order === sorters[0]?.order,
    ) ?? 'newest';

  const { mutate: remove, mutation: deletion } = useDelete<Product, HttpError>();
  const deletingId = deletion.isPending ? deletion.variables?.id : undefined;
  const confirmDelete = (product: Product) =>
    remove({
      resource: 'products',
      id: product.id,
      successNotification: () => ({ message: MSG.product.deleted, type: 'success' }),
      // Refine's antd notifications show `description` as the heading and `message` as the text.
      errorNotification: (error) => ({
        description: MSG.product.deleteFailed,
        message: error?.message ?? MSG.product.deleteFailed,
        type: 'error',
      }),
    });

  const columns = useMemo<TableColumnsType<Product>>(
    () => [
      {
        title: TEXT.image,
        dataIndex: 'image_card_url',
        width: compact ? 64 : 76,
        render: (_, p) =>
          p.image_card_url || p.image_url ? (
            <Image
              src={p.image_card_url ?? p.image_url ?? undefined}
              alt={p.name}
              width={compact ? 44 : 52}
              height={compact ? 44 : 52}
              style={{ objectFit: 'cover', borderRadius: 6 }}
              preview={p.image_url ? { src: p.image_url } : false}
            />
          ) : (
            TEXT.none
          ),
      },
      {
        title: TEXT.category,
        dataIndex: ['category', 'name'],
        width: 130,
        responsive: ['md'],
        render: (_, p) => p.category?.name ?? TEXT.none,
      },
      {
        title: TEXT.name,
        dataIndex: 'name',
        width: compact ? undefined : 190,
        render: (_, p) => (
          <Space direction="vertical" size={0}>
            <Typography.Link strong onClick={() => show('products', p.id)}>
              {p.name}
            </Typography.Link>
            {compact && (
              <SubText>
                {p.category?.name ?? TEXT.none} · <StarFilled style={{ color: '#faad14' }} />{' '}
                {Number(p.average_rating ?? 0).toFixed(1)}
                {isActive(p.status) ? '' : ` · ${activeLabel(p.status)}`}
              </SubText>
            )}
          </Space>
        ),
      },
      {
        title: TEXT.description,
        dataIndex: 'description',
        ellipsis: true,
        responsive: ['md'],
        render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>,
      },
      {
        title: TEXT.rating,
        dataIndex: 'average_rating',
        width: 76,
        responsive: ['md'],
        render: (v: number) => (
          <Space size={4}>
            <StarFilled style={{ color: '#faad14' }} />
            {Number(v ?? 0).toFixed(1)}
          </Space>
        ),
      },
      {
        title: TEXT.price,
        dataIndex: 'price_kobo',
        width: compact ? 96 : 120,
        align: 'right',
        render: (v: number) => formatNaira(v),
      },
      {
        title: TEXT.status,
        dataIndex: 'status',
        width: 90,
        responsive: ['md'],
        render: (v: number) => <Tag color={isActive(v) ? 'success' : 'default'}>{activeLabel(v)}</Tag>,
      },
      {
        title: compact ? '' : TEXT.actions,
        key: 'actions',
        width: compact ? 48 : 116,
        fixed: compact ? undefined : 'right',
        render: (_, p) => (
          <Space size={4} direction={compact ? 'vertical' : 'horizontal'}>
            <Button
              size="small"
              icon={<EyeOutlined />}
              aria-label={`${TEXT.view} ${p.name}`}
              title={TEXT.view}
              onClick={() => show('products', p.id)}
            />
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={`${TEXT.edit} ${p.name}`}
              title={TEXT.edit}
              onClick={() => edit('products', p.id)}
            />
            <Popconfirm
              title={TEXT.deleteConfirm}
              okText={TEXT.delete}
              cancelText={TEXT.cancel}
              okButtonProps={{ danger: true }}
              onConfirm={() => confirmDelete(p)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${TEXT.delete} ${p.name}`}
                title={TEXT.delete}
                loading={deletingId === p.id}
              />
            </Popconfirm>
          </Space>
        ),
      },
    ],
    // confirmDelete only closes over the stable mutate function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compact, deletingId, show, edit],
  );

  return (
    <div>
      <PageTitle>{TEXT.title}</PageTitle>
      <Toolbar table={table}>
        <FilterSearch field="q" placeholder={TEXT.searchPlaceholder} style={{ flex: '1 1 240px', maxWidth: 320 }} />
        <FilterSelect
          field="category_id"
          label={TEXT.categoryFilter}
          all={TEXT.allCategories}
          showSearch
          optionFilterProp="label"
          loading={categories.query.isLoading}
          status={categories.query.isError ? 'error' : undefined}
          options={(categories.result.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          style={{ flex: '0 0 190px' }}
        />
        <FilterSelect
          field="type"
          label={TEXT.typeFilter}
          all={TEXT.allTypes}
          options={PRODUCT_TYPES.map((t) => ({ value: t, label: productTypeLabel(t) }))}
          style={{ flex: '0 0 170px' }}
        />
        <FilterSelect field="status" label={TEXT.statusFilter} options={STATUS_FILTERS} style={{ flex: '0 0 120px' }} />
        <Select
          aria-label={TEXT.sortBy}
          value={sortKey}
          onChange={(value: SortKey) => applySort({ field: SORTS[value].field, order: SORTS[value].order })}
          options={(Object.keys(SORTS) as SortKey[]).map((key) => ({ value: key, label: SORTS[key].label }))}
          style={{ flex: '0 0 180px' }}
        />
      </Toolbar>
      {categories.query.isError && (
        <Alert type="warning" showIcon message={MSG.lists.loadCategoriesFailed} style={{ marginBottom: 16 }} />
      )}

      <PagedTable<Product>
        table={table}
        errorMessage={MSG.lists.fetchProductsFailed}
        emptyText={MSG.product.noneYet}
        rowKey="id"
        columns={columns}
        scroll={compact ? undefined : { x: 980 }}
      />
    </div>
  );
}
