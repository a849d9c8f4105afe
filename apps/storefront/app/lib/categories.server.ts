import type { CategoryOption } from '~/components/public-header';
import { api } from './api.server';

interface CategoryRow {
  id: number;
  name: string;
  status?: string | number;
}

/** Categories for the header dropdown. The endpoint arrives in a later issue: any failure is an empty list. */
export async function headerCategories(): Promise<CategoryOption[]> {
  const result = await api<{ data?: CategoryRow[] } | CategoryRow[]>('/categories?per_page=100');
  if (!result.ok || !result.data) return [];
  const rows = Array.isArray(result.data) ? result.data : Array.isArray(result.data.data) ? result.data.data : [];
  return rows
    .filter((row) => row && typeof row.name === 'string' && (row.status === undefined || String(row.status) === '1'))
    .map((row) => ({ id: row.id, name: row.name }));
}
