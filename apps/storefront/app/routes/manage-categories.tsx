import { backOfficeRedirect } from '~/lib/guards.server';

/** Admin-only: admins go to the back office, everyone else to /unauthorized (spec 2.2). */
export const loader = backOfficeRedirect('/');
