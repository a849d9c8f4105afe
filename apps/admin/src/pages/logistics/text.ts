import {
  ACTIVE,
  INACTIVE,
  SHIPPING_TITLE_STATUSES,
  SHIPPING_TYPES,
  WAREHOUSE_TYPES,
  activeLabel,
} from '@jara/contracts';

/** Local UI text of the logistics screens (spec 2.22, 2.25, 2.26); the spec's messages come from MSG. */
export const LOGISTICS_TEXT = {
  name: 'Name',
  status: 'Status',
  location: 'Location',
  type: 'Type',
  address: 'Address',
  contact: 'Contact',
  serial: 'S/N',
  id: 'ID',
  actions: 'Actions',
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save changes',
  cancelEdit: 'Cancel',
  deleteYes: 'Yes, delete',
  deleteNo: 'Cancel',
  error: 'Error',
  saveFailed: 'Could not save',
  deleteFailed: 'Could not delete',
  chooseLocation: 'Choose a location',

  locationsTitle: 'Manage Locations',
  locationCreateTitle: 'Add location',
  locationEditTitle: 'Edit location',
  locationCreate: 'Create location',
  locationPlaceholder: 'e.g. Guangzhou',
  locationSearch: 'Search locations by name',
  locationsEmpty: 'No locations found.',

  shippingTitle: 'Shipping Management',
  shippingCreateTitle: 'Add shipping title',
  shippingEditTitle: 'Edit shipping title',
  shippingCreate: 'Create shipping title',
  shippingPlaceholder: 'e.g. Container GZ-0425',
  shippingSearch: 'Search Shipping Titles...',
  shippingEmpty: 'No shipping titles found.',
  statusOf: (name: string) => `Status of ${name}`,
  // Labelled by what it does (issue 22): it opens 'Assign Goods to Shipping' (the spec's Broadcast action).
  broadcast: 'Assign goods',
  broadcastFor: (name: string) => `Assign goods to ${name}`,

  warehousesTitle: 'Warehouses',
  warehouseCreateTitle: 'Add warehouse',
  warehouseEditTitle: 'Edit warehouse',
  warehouseCreate: 'Create warehouse',
  warehousePlaceholder: 'e.g. Guangzhou Sea Warehouse',
  warehouseSearch: 'Search warehouses by name or location',
  warehousesEmpty: 'No warehouses found.',
  loadWarehousesFailed: 'Failed to load warehouses',

  settingsTitle: 'Logistics Settings',
  settingsHint: 'Cargo rates in dollars, used to compute the shipping fee: sea cargo by size, air cargo by weight.',
  costPerCmb3: 'Cost per cubic centimetre (Sea Cargo, $)',
  costPerKg: 'Cost per kilogram (Air Cargo, $)',
  saveSettings: 'Save rates',
} as const;

export const ACTIVE_OPTIONS = [ACTIVE, INACTIVE].map((value) => ({ value: Number(value), label: activeLabel(value) }));
export const SHIPPING_TYPE_OPTIONS = SHIPPING_TYPES.map((t) => ({ value: t.value, label: t.label }));
export const WAREHOUSE_TYPE_OPTIONS = WAREHOUSE_TYPES.map((t) => ({ value: t.value, label: t.label }));
export const SHIPPING_STATUS_OPTIONS = SHIPPING_TITLE_STATUSES.map((s) => ({ value: Number(s.code), label: s.label }));

export const typeLabel = (value: string) =>
  WAREHOUSE_TYPES.find((t) => t.value === value)?.label ??
  SHIPPING_TYPES.find((t) => t.value === value)?.label ??
  value;
