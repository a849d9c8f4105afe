import { json, type LoaderFunctionArgs } from '@remix-run/node';
import type { SearchSuggestions } from '@jara/contracts';
import { api } from '~/lib/api.server';
import { encryptId } from '~/lib/id-cipher.server';
import type { SuggestionData } from '~/components/search-box';

/** Proxy of GET /search/suggestions for the home search box (categories carry their encrypted link key). */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get('q')?.trim().slice(0, 100) ?? '';
  const empty: SuggestionData = { categories: [], products: [] };
  if (!q) return json(empty);
  const result = await api<{ data: SearchSuggestions }>(`/search/suggestions?q=${encodeURIComponent(q)}`, {
    signal: request.signal,
  });
  if (!result.ok || !result.data?.data) return json(empty, { status: result.status === 0 ? 502 : 200 });
  const { categories, products } = result.data.data;
  return json(
    {
      categories: (categories ?? []).map((c) => ({ id: c.id, name: c.name, key: encryptId(c.id) })),
      products: products ?? [],
    } satisfies SuggestionData,
    { headers: { 'Cache-Control': 'private, max-age=30' } },
  );
}
