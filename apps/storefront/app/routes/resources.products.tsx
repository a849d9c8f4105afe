import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { scopedQuery } from '~/lib/list-scopes.server';
import { listProducts, pageNumber } from '~/lib/products.server';

/** Load More of the product grids: ?scope=catalogue|category|mall|manage plus that screen's filters and after (or page). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { query, perPage, token, path } = await scopedQuery(request, url);
  const page = pageNumber(url.searchParams.get('page'));
  // Load More continues after the last card with the API's keyset cursor (as cheap at row 9,000 as at row 0);
  // the page number stays for lists without one.
  const after = url.searchParams.get('after')?.trim();
  const paging = after ? { after } : { page };
  const list = await listProducts({ ...query, ...paging, per_page: perPage }, { token, signal: request.signal, path });
  return json({ ...list, page }, { status: list.error ? 502 : 200 });
}
