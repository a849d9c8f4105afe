import { lazy, type ComponentType, type ReactNode } from 'react';
import { Route } from 'react-router';
import type { ResourceProps } from '@refinedev/core';
import {
  AppstoreOutlined,
  CustomerServiceOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  HomeOutlined,
  MailOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
} from '@ant-design/icons';
import type { Role } from '@jara/contracts';
import type { AnyDescription } from './types';

/**
 * A described resource as the shell knows it: its sider entry, its routes, who may write, and its description and
 * pages loaded on the first visit (so the shell's chunk stays small: vite.config.ts checks it).
 */
interface Described {
  name: string;
  /** The list's path, and other paths showing the same list. */
  list: string;
  aliases?: string[];
  meta: { label: string; icon: ReactNode; parent?: string };
  /** The roles that may create, edit and delete (the access control asks; the API enforces). */
  writeRoles: Role[];
  description: () => Promise<{ default: AnyDescription }>;
  /** A page of its own for one record (a review or a thread), at `path`. */
  show?: { path: string; page: () => Promise<{ default: ComponentType }> };
}

const ADMIN: Role[] = ['admin'];

/** Every described resource. Adding a plain resource: its description in resources/ and one entry here. */
export const DESCRIBED: Described[] = [
  {
    name: 'categories',
    list: '/categories',
    aliases: ['/manage-categories'],
    meta: { label: 'Categories', icon: <AppstoreOutlined /> },
    writeRoles: ADMIN,
    description: () => import('../resources/categories'),
  },
  {
    name: 'currencies',
    list: '/currencies',
    meta: { parent: 'money', label: 'Currencies', icon: <DollarOutlined /> },
    writeRoles: ADMIN,
    description: () => import('../resources/currencies'),
  },
  {
    name: 'shippings',
    list: '/shipping-management',
    meta: { parent: 'logistics', label: 'Shipping Management', icon: <SendOutlined /> },
    writeRoles: ADMIN,
    description: () => import('../resources/shippings'),
  },
  {
    name: 'locations',
    list: '/manage-location',
    meta: { parent: 'logistics', label: 'Manage Locations', icon: <EnvironmentOutlined /> },
    writeRoles: ADMIN,
    description: () => import('../resources/locations'),
  },
  {
    name: 'warehouses',
    list: '/warehouses',
    meta: { parent: 'logistics', label: 'Warehouses', icon: <HomeOutlined /> },
    writeRoles: ADMIN,
    description: () => import('../resources/warehouses'),
  },
  // Trust and care (issue 12, decision 014): KYC review with the private documents, and the support inbox.
  {
    name: 'kyc',
    list: '/kyc',
    meta: { label: 'KYC', icon: <SafetyCertificateOutlined /> },
    writeRoles: ADMIN,
    description: () => import('../resources/kyc'),
    show: { path: '/kyc/:id', page: () => import('../pages/kyc/show') },
  },
  {
    name: 'supports',
    list: '/supports',
    meta: { label: 'Support', icon: <CustomerServiceOutlined /> },
    writeRoles: ADMIN,
    description: () => import('../resources/supports'),
    show: { path: '/supports/:id', page: () => import('../pages/supports/show') },
  },
  {
    name: 'contact-messages',
    list: '/contact-messages',
    meta: { label: 'Contact Messages', icon: <MailOutlined /> },
    writeRoles: ADMIN,
    description: () => import('../resources/contact-messages'),
  },
];

/** The roles that may write a resource: a described one's, else the back office's admins. */
export function writeRolesOf(resource: string | undefined): Role[] {
  return DESCRIBED.find((d) => d.name === resource)?.writeRoles ?? ADMIN;
}

/** Refine's resource entry of a described resource, for providers/resources.tsx (which keeps the sider's order). */
export function describedResource(name: string): ResourceProps {
  const d = DESCRIBED.find((r) => r.name === name);
  if (!d) throw new Error(`No described resource '${name}'`);
  return {
    name: d.name,
    list: d.list,
    show: d.show?.path,
    meta: { ...d.meta, canDelete: true },
  };
}

/** The routes of the described resources: the generic list with its description, and their own show pages. */
export const describedRoutes = DESCRIBED.flatMap((d) => {
  const List = lazy(async () => {
    const [page, description] = await Promise.all([import('./resource-list'), d.description()]);
    return { default: () => <page.default description={description.default} /> };
  });
  const Show = d.show && lazy(d.show.page);
  return [
    ...[d.list, ...(d.aliases ?? [])].map((path) => <Route key={path} path={path} element={<List />} />),
    ...(Show && d.show ? [<Route key={d.show.path} path={d.show.path} element={<Show />} />] : []),
  ];
});
