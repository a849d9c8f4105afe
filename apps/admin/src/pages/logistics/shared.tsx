import { useSelect } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import type { Location } from '@jara/contracts';

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
