import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import type { Role } from '@jara/contracts';
import { env } from './env.server';
import { requireUser } from './session.server';

/** A loader that only guards (spec 2.2) and returns nothing to the page. */
export function guardLoader(roles?: readonly Role[]) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireUser(request, roles);
    return null;
  };
}

/**
 * Admin-only storefront routes live in the back office: admins go to the matching back-office page,
 * everyone else to /unauthorized (and no session to /login).
 */
export function backOfficeRedirect(backOfficePath: string) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireUser(request, ['admin']);
    throw redirect(`${env.adminUrl}${backOfficePath}`);
  };
}
