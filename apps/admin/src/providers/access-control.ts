import type { AccessControlProvider } from '@refinedev/core';
import { MSG } from '@jara/contracts';
import { writeRolesOf } from '../schema/registry';
import { BACK_OFFICE_ROLE, RIDER_ROLE } from './auth-provider';
import { session } from './session';

const WRITES = new Set(['create', 'edit', 'delete', 'clone']);

/**
 * Asks the stored role (spec section 6): every back office resource is admin-only today, and a described resource's
 * writes (create, edit, delete) go to the roles its registry entry names (schema/registry.tsx). The API enforces the
 * same rules; this only hides what the user could not do anyway.
 *
 * Besides Refine's list/show/create/edit/delete, screens ask about these actions (admin-only like the rest):
 * - orders `status`: the status-change buttons of an order (PATCH /orders/{id}/status; decision 011).
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const role = session.role();
    // A rider (issue 26) has one screen: their deliveries; staff do not use it.
    if (resource === 'rider')
      return role === RIDER_ROLE ? { can: true } : { can: false, reason: MSG.pages.unauthorized };
    const allowed = role === BACK_OFFICE_ROLE && (!WRITES.has(action) || writeRolesOf(resource).includes(role));
    return allowed ? { can: true } : { can: false, reason: MSG.pages.unauthorized };
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
  },
};
