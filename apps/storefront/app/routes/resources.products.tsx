import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { scopedQuery } from '~/lib/list-scopes.server';
import { listProducts, pageNumber } from '~/lib/products.server';

/** Load More of the product grids: ?scope=catalogue|category|mall|manage plus that screen's filters and page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { query, perPage, token, path } = await scopedQuery(request, url);
  const page = pageNumber(url.searchParams.get('page'));
  const list = await listProducts({ ...query, page, per_page: perPage }, { token, signal: request.signal, path });
  return json({ ...list, page }, { status: list.error ? 502 : 200 });
}
