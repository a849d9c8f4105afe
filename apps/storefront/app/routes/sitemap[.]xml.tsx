import { escapeXml, productSitemapPage, productSitemapUrl, staticSitemapUrl, xmlResponse } from '~/lib/sitemap.server';

/** Sitemap index: the static pages' sitemap plus one sitemap per 5000 products (GET /products/sitemap-entries). */
export async function loader() {
  const first = await productSitemapPage(1);
  if (!first.ok) return xmlResponse('<error>The catalogue is not answering.</error>', 503);
  const pages = Math.max(1, Number(first.data?.meta?.pages ?? 1));
  const now = new Date().toISOString();
  const entries = [staticSitemapUrl(), ...Array.from({ length: pages }, (_, i) => productSitemapUrl(i + 1))]
    .map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc><lastmod>${now}</lastmod></sitemap>`)
    .join('\n');
  return xmlResponse(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>`);
}
