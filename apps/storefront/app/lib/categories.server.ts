import type { CategoryOption } from '~/components/public-header';
import { api } from './api.server';
import { encryptId } from './id-cipher.server';

interface CategoryRow {
  id: number;
  name: string;
  status?: string | number;
}

/**
 * Active categories (GET /categories, sorted by name) with their encrypted link key. Any failure is an empty
 * list, so headers and filters still render.
 */
export async function headerCategories(): Promise<CategoryOption[]> {
  const result = await api<{ data?: CategoryRow[] } | CategoryRow[]>('/categories?per_page=100');
  if (!result.ok || !result.data) return [];
  const rows = Array.isArray(result.data) ? result.data : Array.isArray(result.data.data) ? result.data.data : [];
  return rows
    .filter((row) => row && typeof row.name === 'string' && (row.status === undefined || String(row.status) === '1'))
    .map((row) => ({ id: row.id, name: row.name, key: encryptId(row.id) }));
}

export const activeCategories = headerCategories;
