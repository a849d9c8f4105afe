import { Identity1763700000000 } from '../migrations/1763700000000-Identity';
import { ContactAndNewsletter1763710000000 } from '../migrations/1763710000000-ContactAndNewsletter';
import { Catalogue1763720000000 } from '../migrations/1763720000000-Catalogue';

/** Migrations in order. Never edit one that has landed: add a new one. */
export const MIGRATIONS = [Identity1763700000000, ContactAndNewsletter1763710000000, Catalogue1763720000000];
