import { env } from './env.server';

/** Absolute canonical URL of a path on the public storefront origin (STOREFRONT_URL). */
export function canonicalUrl(path: string): string {
  return `${env.storefrontUrl}${path.startsWith('/') ? path : `/${path}`}`;
}
