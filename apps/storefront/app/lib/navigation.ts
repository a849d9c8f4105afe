import { MSG, type Role } from '@jara/contracts';

export const ALL_ROLES: readonly Role[] = ['admin', 'vendor', 'customer'];
export const ADMIN_VENDOR: readonly Role[] = ['admin', 'vendor'];
export const ADMIN_ONLY: readonly Role[] = ['admin'];
export const VENDOR_ONLY: readonly Role[] = ['vendor'];

/**
 * The sign-in page that comes back to `back` (a path of this site, with its query) once signed in: the login
 * action follows it only after safeRedirect has checked it stays on the site. The guards and the pages' "Sign in"
 * links all build it here.
 */
export function signInPath(back: string): string {
  return back && back !== '/' ? `/login?redirectTo=${encodeURIComponent(back)}` : '/login';
}

/** The mall route: /{product}-mall, {product} being the product's own name (spec 2.2). */
export const MALL_PATH = '/jara-mall';

export interface NavLinkItem {
  to: string;
  label: string;
}

/** Public header, 'Main Menu' (spec 2.5). Sign In / Sign Up or My Account are added by session. */
export const PUBLIC_MAIN_MENU: NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/faq', label: 'FAQ' },
  { to: '/seller-profile', label: 'Sellers' },
];

/** Public header, 'Our Services' (spec 2.5). */
export const PUBLIC_SERVICES: NavLinkItem[] = [
  { to: '/foreign-logistics', label: 'Foreign Logistics' },
  { to: '/local-logistics', label: 'Local Logistics' },
  { to: '/converter', label: 'Converter' },
  { to: '/ready-to-ship', label: 'Ready to Ship' },
  { to: '/tracker', label: 'Tracker' },
];

export interface SidebarItem extends NavLinkItem {
  roles: readonly Role[];
  icon: string;
}

/** Signed-in sidebar (spec 2.3); entries are hidden when the role is not allowed. */
export const SIDEBAR_ITEMS: SidebarItem[] = [
  { to: '/dashboard', label: 'Dashboard', roles: ALL_ROLES, icon: '▦' },
  { to: '/my-orders', label: 'My Orders', roles: ALL_ROLES, icon: '☰' },
  { to: '/orders', label: MSG.orders.toFulfil, roles: VENDOR_ONLY, icon: '⇪' },
  { to: '/products', label: 'Manage Products', roles: ADMIN_VENDOR, icon: '◧' },
  { to: '/user-manager', label: 'Manage Users', roles: ADMIN_ONLY, icon: '☺' },
  { to: '/manage-categories', label: 'Manage Categories', roles: ADMIN_ONLY, icon: '▤' },
  { to: '/account-tracker', label: 'Tracker', roles: ALL_ROLES, icon: '◎' },
  { to: '/support', label: 'Support', roles: ALL_ROLES, icon: '?' },
  { to: '/fund', label: 'Fund Wallet', roles: ALL_ROLES, icon: '₦' },
  { to: '/payouts', label: MSG.payouts.title, roles: VENDOR_ONLY, icon: '⇩' },
  { to: '/notifications', label: 'Notifications', roles: ALL_ROLES, icon: '◔' },
  { to: MALL_PATH, label: 'Jara Mall', roles: ALL_ROLES, icon: '⌂' },
  { to: '/transactions', label: 'Transactions', roles: ALL_ROLES, icon: '⇄' },
  { to: '/user-converter', label: 'Converter', roles: ALL_ROLES, icon: '≈' },
  { to: '/settings', label: 'Settings', roles: ALL_ROLES, icon: '⚙' },
];

/** The expandable Logistics group of the sidebar. */
export const SIDEBAR_LOGISTICS: SidebarItem[] = [
  { to: '/shipping-management', label: 'Shipping Management', roles: ADMIN_ONLY, icon: '⚓' },
  { to: '/account-foreign-logistics', label: 'Foreign Logistics', roles: ALL_ROLES, icon: '✈' },
  { to: '/account-local-logistics', label: 'Local Logistics', roles: ALL_ROLES, icon: '➜' },
  // Issue 26: consolidation, the customer's choice of parcels to ship together.
  { to: '/ship-together', label: 'Ship Together', roles: ['vendor', 'customer'], icon: '⧉' },
];

export function allowed(item: { roles: readonly Role[] }, role: Role): boolean {
  return item.roles.includes(role);
}
