import { canonicalUrl } from '~/lib/seo.server';

/** Account, auth and resource routes stay out of search engines; the sitemap index is announced. */
const DISALLOW = [
  '/dashboard',
  '/cart',
  '/checkout',
  '/order-summary',
  '/my-orders',
  '/orders',
  '/products',
  '/settings',
  '/notifications',
  '/support',
  '/fund',
  '/transactions',
  '/user-converter',
  '/account-tracker',
  '/account-foreign-logistics',
  '/account-local-logistics',
  '/jara-mall',
  '/gifts',
  '/events',
  '/user-manager',
  '/manage-categories',
  '/manage-location',
  '/shipping-management',
  '/admin-dashboard',
  '/login',
  '/sign_up',
  '/verify_otp',
  '/logout',
  '/auth/',
  '/resources/',
  '/unauthorized',
];

export function loader() {
  const body = [
    'User-agent: *',
    ...DISALLOW.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${canonicalUrl('/sitemap.xml')}`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
