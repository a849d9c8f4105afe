import type { LoaderFunctionArgs } from '@remix-run/node';
import { canonicalUrl } from '~/lib/seo.server';
import { STATIC_PAGES, escapeXml, productSitemapPage, xmlResponse } from '~/lib/sitemap.server';

const urlset = (rows: string[]) =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join('\n')}\n</urlset>`;

/** /sitemaps/sitemap-static.xml and /sitemaps/sitemap-products-{n}.xml */
export async function loader({ params }: LoaderFunctionArgs) {
  const name = params.name ?? '';
  if (name === 'sitemap-static.xml') {
    return xmlResponse(urlset(STATIC_PAGES.map((path) => `  <url><loc>${escapeXml(canonicalUrl(path))}</loc></url>`)));
  }
  const match = /^sitemap-products-(\d{1,6})\.xml$/.exec(name);
  if (!match || Number(match[1]) < 1) return new Response('Not Found', { status: 404 });
  const page = await productSitemapPage(Number(match[1]));
  // A page number beyond what the API pages through (422) is simply not there.
  if (!page.ok && page.status === 422) return new Response('Not Found', { status: 404 });
  if (!page.ok) return xmlResponse('<error>The catalogue is not answering.</error>', 503);
  const rows = page.data?.data ?? [];
  // Pages are id ranges: one inside the page count may be empty (a valid, empty urlset); past it, not found.
  if (rows.length === 0 && Number(match[1]) > Math.max(1, Number(page.data?.meta?.pages ?? 1)))
    return new Response('Not Found', { status: 404 });
  return xmlResponse(
    urlset(
      rows.map(
        (row) =>
          `  <url><loc>${escapeXml(canonicalUrl(`/product/${row.id}`))}</loc>${row.updated_at ? `<lastmod>${escapeXml(new Date(row.updated_at).toISOString())}</lastmod>` : ''}</url>`,
      ),
    ),
  );
}
