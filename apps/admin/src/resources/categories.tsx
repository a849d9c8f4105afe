import { MSG, PAGE_SIZES, formatDate, type Category } from '@jara/contracts';
import { CreateCategoryDto, UpdateCategoryDto } from '@jara/dto';
import { ActiveTag, activeSelect } from '../schema/cells';
import { describe } from '../schema/types';

/** Local UI text of Category Management (spec 2.23); the spec's messages come from MSG.categories. */
const TEXT = {
  title: 'Category Management',
  name: 'Name',
  status: 'Status',
} as const;

/** POST/PUT /categories body. */
interface CategoryRequest {
  name: string;
  status: number;
}

/** Category Management (spec 2.23): the form (create or edit) above the table; admins see inactive ones too. */
export default describe<Category, CategoryRequest>({
  resource: 'categories',
  title: TEXT.title,
  pageSize: PAGE_SIZES.categories,
  // Newest first, so a category just created shows on page 1.
  sorters: { permanent: [{ field: 'id', order: 'desc' }] },
  permanentFilters: [{ field: 'all', operator: 'eq', value: 1 }],
  // Phones: icon-only actions and no date columns, so the table fits without sideways scrolling.
  columns: ({ compact, serial }) => [
    { title: 'S/N', key: 'sn', width: compact ? 48 : 64, render: (_, __, index) => serial(index) },
    { title: TEXT.name, dataIndex: 'name', width: compact ? undefined : 220 },
    { title: TEXT.status, dataIndex: 'status', width: 100, render: (v: number) => <ActiveTag status={v} /> },
    {
      title: 'Created At',
      dataIndex: 'created_at',
      width: 130,
      responsive: ['sm'],
      render: (v: string) => formatDate(v),
    },
    {
      title: 'Updated At',
      dataIndex: 'updated_at',
      width: 130,
      responsive: ['sm'],
      render: (v: string) => formatDate(v),
    },
  ],
  actions: { width: [88, 190], fixedRight: true },
  table: (compact) => ({ scroll: compact ? undefined : { x: 834 } }),
  errorMessage: MSG.lists.loadCategoriesFailed,
  emptyText: MSG.categories.empty,
  form: {
    dto: { create: CreateCategoryDto, update: UpdateCategoryDto },
    createTitle: 'Add category',
    editTitle: 'Edit category',
    createButton: 'Create category',
    created: MSG.categories.created,
    updated: MSG.categories.updated,
    failed: 'Could not save the category',
    initialValues: { status: 1 },
    rows: [
      [
        {
          name: 'name',
          label: TEXT.name,
          placeholder: 'e.g. Phones & Tablets',
          flex: '1 1 240px',
        },
        { name: 'status', label: TEXT.status, input: activeSelect(TEXT.status), flex: '0 1 160px', minWidth: 140 },
      ],
    ],
    toRequest: (v) => ({ name: v.name.trim(), status: v.status }),
  },
  // e.g. 409: the category still has products; the API's message says what to do.
  delete: {
    confirm: MSG.categories.deleteConfirm,
    yes: MSG.categories.deleteConfirmYes,
    no: MSG.categories.cancel,
    deleted: MSG.categories.deleted,
    failed: 'Could not delete the category',
  },
});
