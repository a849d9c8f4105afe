import { ACTIVE, INACTIVE, activeLabel } from '@jara/contracts';

/** Local UI text of Category Management (spec 2.23); the spec's messages come from MSG.categories. */
export const CATEGORY_TEXT = {
  title: 'Category Management',
  createTitle: 'Add category',
  editTitle: 'Edit category',
  name: 'Name',
  namePlaceholder: 'e.g. Phones & Tablets',
  nameRequired: 'Category name is required.',
  status: 'Status',
  create: 'Create category',
  save: 'Save changes',
  cancelEdit: 'Cancel',
  serial: 'S/N',
  createdAt: 'Created At',
  updatedAt: 'Updated At',
  actions: 'Actions',
  edit: 'Edit',
  delete: 'Delete',
  deleteFailed: 'Could not delete the category',
  saveFailed: 'Could not save the category',
} as const;

export const CATEGORY_STATUS_OPTIONS = [ACTIVE, INACTIVE].map((value) => ({ value: Number(value), label: activeLabel(value) }));

/** POST/PUT /categories body. */
export interface CategoryRequest {
  name: string;
  status: number;
}
