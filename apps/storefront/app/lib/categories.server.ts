import type { CategoryOption } from '~/components/public-header';
import { api } from './api.server';
import { encryptId } from './id-cipher.server';
import { publicReads } from './swr-cache.server';

interface CategoryRow {
  id: number;
  name: string;
  status?: string | number;
}

/**
 * Active categories (GET /categories, sorted by name) with their encrypted link key, kept briefly by the public
 * read cache (swr-cache.server.ts). Any failure is an empty list, so headers and filters still render.
 */
export async function headerCategories(): Promise<CategoryOption[]> {
  // Kept already filtered and with their keys: every public page shows them, and encrypting each key is a cipher
  // run per category per request otherwise.
  const options = await publicReads.get('/categories?per_page=100', async () => {
    const result = await api<{ data?: CategoryRow[] } | CategoryRow[]>('/categories?per_page=100');
    if (!result.ok || !result.data) return undefined;
    const rows = Array.isArray(result.data)
      ? result.data
      : Array.isArray(result.data.data)
        ? result.data.data
        : undefined;
    if (!rows) return undefined;
    return rows
      .filter((row) => row && typeof row.name === 'string' && (row.status === undefined || String(row.status) === '1'))
      .map((row): CategoryOption => ({ id: row.id, name: row.name, key: encryptId(row.id) }));
  });
  return Array.isArray(options) ? (options as CategoryOption[]) : [];
}

export const activeCategories = headerCategories;
