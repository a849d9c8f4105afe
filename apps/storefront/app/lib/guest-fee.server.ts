import { json } from '@remix-run/node';
import { GUEST_FEE_MSG, GUEST_TOKEN_PATTERN } from '@jara/contracts';

/**
 * A guest's pages (decision 032): never cached or shared (the anonymous page cache skips no-store), never indexed.
 * The token in the path is their only authority.
 */
export const GUEST_PAGE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
} as const;

/** The token of the path, or the "link does not work" 404 without asking the API (a malformed token matches nothing). */
export function guestToken(param: string | undefined): string {
  if (!param || !GUEST_TOKEN_PATTERN.test(param))
    throw json({ message: GUEST_FEE_MSG.linkInvalidTitle }, { status: 404, headers: GUEST_PAGE_HEADERS });
  return param;
}
