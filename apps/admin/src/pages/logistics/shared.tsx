import { useSelect } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { Select, type SelectProps } from 'antd';
import { MSG, type Location } from '@jara/contracts';
import type { DeleteDescription, FieldDescription, FormDescription } from '../../schema/types';
import { LOGISTICS_TEXT as TEXT } from './text';

/** The location to pick in a form (every location, by name; the API's q searches names). */
export function LocationSelect({ value, onChange }: Pick<SelectProps, 'value' | 'onChange'>) {
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
  return (
    <Select
      {...selectProps}
      value={value}
      onChange={onChange}
      aria-label={TEXT.location}
      placeholder={TEXT.chooseLocation}
      showSearch
      allowClear
    />
  );
}

/** A logistics row's delete: 'Are you sure?', then the API's message on a refusal (a 409 names what to do). */
export const LOGISTICS_DELETE: DeleteDescription<unknown> = {
  confirm: MSG.shipping.confirmDelete,
  yes: TEXT.deleteYes,
  deleted: MSG.deliveries.deleted,
  failed: TEXT.deleteFailed,
};

/** The toasts of the logistics forms. */
export const LOGISTICS_SAVED: Pick<FormDescription<unknown, unknown>, 'created' | 'updated' | 'failed'> = {
  created: MSG.deliveries.created,
  updated: MSG.deliveries.updated,
  failed: TEXT.saveFailed,
};

/** The name, location and type fields of a warehouse's and a shipping title's form. */
export const placedFields = (placeholder: string, types: { value: string; label: string }[]): FieldDescription[] => [
  { name: 'name', label: TEXT.name, placeholder, flex: '1 1 220px' },
  { name: 'location_id', label: TEXT.location, input: <LocationSelect />, flex: '1 1 200px' },
  {
    name: 'type',
    label: TEXT.type,
    input: <Select aria-label={TEXT.type} options={types} />,
    flex: '0 1 160px',
    minWidth: 140,
  },
];
