import type { ResourceProps } from '@refinedev/core';
import { describedResource } from '../schema/registry';
import {
  AuditOutlined,
  BellOutlined,
  DashboardOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  GroupOutlined,
  ScanOutlined,
  InboxOutlined,
  LineChartOutlined,
  ReconciliationOutlined,
  BankOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  TransactionOutlined,
  TruckOutlined,
  WalletOutlined,
  WarningOutlined,
  CarOutlined,
} from '@ant-design/icons';

/**
 * The back office resources, declared as data, in the sider's order. Labels follow the spec's sidebar
 * (2.3). The described ones (schema/registry.tsx) take their entry from their description.
 */
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
  describedResource('categories'),
  // Orders (issue 10, decision 011): every order, its lines, invoice, history and the admin's status changes.
  {
    name: 'orders',
    list: '/orders',
    show: '/orders/show/:id',
    meta: { label: 'Orders', icon: <ShoppingCartOutlined /> },
  },
  // Money (issue 9): currencies and live rates (spec 2.28), invoices and wallets, grouped in the sider.
  {
    name: 'money',
    meta: { label: 'Money', icon: <WalletOutlined /> },
  },
  describedResource('currencies'),
  {
    name: 'live-rates',
    list: '/currencies/live-rates',
    meta: { parent: 'money', label: 'Live rates', icon: <LineChartOutlined /> },
  },
  {
    name: 'invoices',
    list: '/invoices',
    create: '/invoices/create',
    show: '/invoices/show/:id',
    meta: { parent: 'money', label: 'Invoices', icon: <FileTextOutlined /> },
  },
  {
    name: 'wallets',
    list: '/wallets',
    show: '/wallets/show/:id',
    meta: { parent: 'money', label: 'Wallets', icon: <TransactionOutlined /> },
  },
  // Money out (issue 24): the vendors' withdrawals, the approval queue and their history.
  {
    name: 'payouts',
    list: '/payouts',
    meta: { parent: 'money', label: 'Payouts', icon: <BankOutlined /> },
  },
  // Logistics (issue 11): deliveries, tracking, shipping titles, locations, warehouses and the cargo rates, grouped in the sider.
  {
    name: 'logistics',
    meta: { label: 'Logistics', icon: <TruckOutlined /> },
  },
  // Deliveries (the spec's trackings, one entity behind GET /trackings): the admin's delivery table with its Action
  // column, one delivery with its history and parcel label, and the tracking table (spec 2.19). Same API resource,
  // two identifiers.
  {
    name: 'trackings',
    identifier: 'deliveries',
    list: '/deliveries',
    show: '/deliveries/:id',
    meta: { parent: 'logistics', label: 'Deliveries', icon: <InboxOutlined /> },
  },
  {
    name: 'trackings',
    identifier: 'tracking-table',
    list: '/trackings',
    meta: { parent: 'logistics', label: 'Tracking', icon: <FieldTimeOutlined /> },
  },
  // Issue 26: the problem queue (staff) and the rider's phone page (the rider role's only screen).
  {
    name: 'problems',
    list: '/problems',
    meta: { parent: 'logistics', label: 'Problem queue', icon: <WarningOutlined /> },
  },
  {
    name: 'rider',
    list: '/rider',
    meta: { label: 'My deliveries', icon: <CarOutlined /> },
  },
  describedResource('shippings'),
  describedResource('locations'),
  describedResource('warehouses'),
  {
    name: 'logistics-settings',
    list: '/logistics-settings',
    meta: { parent: 'logistics', label: 'Logistics Settings', icon: <SettingOutlined /> },
  },
  // Warehouse receipts and consolidation (issue 26, decision 044): a phone-width receipt screen, the customers'
  // consolidations to pack, and the volumetric divisors and variance threshold.
  {
    name: 'receipts',
    list: '/receipts/receive',
    meta: { parent: 'logistics', label: 'Receive parcel', icon: <ScanOutlined /> },
  },
  {
    name: 'consolidations',
    list: '/consolidations',
    meta: { parent: 'logistics', label: 'Consolidations', icon: <GroupOutlined /> },
  },
  {
    name: 'receipt-settings',
    list: '/receipt-settings',
    meta: { parent: 'logistics', label: 'Receipt Settings', icon: <SettingOutlined /> },
  },
  // Trust and care (issue 12, decision 014): KYC review with the private documents, and the support inbox.
  describedResource('kyc'),
  describedResource('supports'),
  describedResource('contact-messages'),
  // Hardening (issue 14, decision 019): every admin write, read-only.
  {
    name: 'audit-logs',
    list: '/audit-log',
    meta: { label: 'Audit log', icon: <AuditOutlined /> },
  },
  // Money integrity (issue 21, decision 026): the books checked on demand, read-only.
  {
    name: 'reconciliation',
    list: '/reconciliation',
    meta: { label: 'Reconciliation', icon: <ReconciliationOutlined /> },
  },
  // The admin's own notifications: reached from the header's bell, not from the sider.
  {
    name: 'notifications',
    list: '/notifications',
    meta: { label: 'Notifications', icon: <BellOutlined />, hide: true, canDelete: true },
  },
];
