import { api } from './api.server';
import { canonicalUrl } from './seo.server';

/** Public pages listed in the static sitemap. */
export const STATIC_PAGES = [
  '/',
  '/all_products',
  '/about',
  '/contact',
  '/faq',
  '/help',
  '/seller-profile',
  '/foreign-logistics',
  '/local-logistics',
  '/converter',
  '/ready-to-ship',
  '/tracker',
];

export interface SitemapPage {
  data: Array<{ id: number; updated_at: string }>;
  meta: { total: number; page: number; per_page: number; pages: number };
}

export function productSitemapPage(page: number) {
  return api<SitemapPage>(`/products/sitemap-entries?page=${page}`);
}

/** The URL of product sitemap page n (served by routes/sitemaps.$name.tsx). */
export const productSitemapUrl = (n: number) => canonicalUrl(`/sitemaps/sitemap-products-${n}.xml`);
export const staticSitemapUrl = () => canonicalUrl('/sitemaps/sitemap-static.xml');

export function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );
}

export function xmlResponse(body: string, status = 200): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    status,
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
