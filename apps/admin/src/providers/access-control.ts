import type { AccessControlProvider } from '@refinedev/core';
import { MSG } from '@jara/contracts';
import { BACK_OFFICE_ROLE } from './auth-provider';
import { session } from './session';

/**
 * Asks the stored role (spec section 6): every back office resource and action is admin-only today.
 * The API enforces the same rules; this only hides what the user could not do anyway.
 *
 * Besides Refine's list/show/create/edit/delete, screens ask about these actions (admin-only like the rest):
 * - orders `status`: the status-change buttons of an order (PATCH /orders/{id}/status; decision 011).
 */
export const accessControlProvider: AccessControlProvider = {
  can: async () => {
    if (session.role() === BACK_OFFICE_ROLE) return { can: true };
    return { can: false, reason: MSG.pages.unauthorized };
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
  },
};
