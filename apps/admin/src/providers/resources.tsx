import type { ResourceProps } from '@refinedev/core';
import { AppstoreOutlined, DashboardOutlined, MailOutlined, ShoppingOutlined, TeamOutlined } from '@ant-design/icons';

/** The back office resources, declared as data (CONVENTIONS.md). Labels follow the spec's sidebar (2.3). */
export const resources: ResourceProps[] = [
  {
    name: 'dashboard',
    list: '/',
    meta: { label: 'Dashboard', icon: <DashboardOutlined /> },
  },
  {
    name: 'users',
    list: '/users',
    meta: { label: 'Manage Users', icon: <TeamOutlined /> },
  },
  {
    name: 'products',
    list: '/products',
    show: '/products/show/:id',
    edit: '/products/edit/:id',
    meta: { label: 'Products', icon: <ShoppingOutlined />, canDelete: true },
  },
  {
    name: 'categories',
    list: '/categories',
    meta: { label: 'Categories', icon: <AppstoreOutlined />, canDelete: true },
  },
  {
    name: 'contact-messages',
    list: '/contact-messages',
    meta: { label: 'Contact Messages', icon: <MailOutlined /> },
  },
];
