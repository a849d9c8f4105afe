import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditEntityLabel,
  auditEntityPath,
  auditFieldLabel,
  formatAuditValue,
  humanizeCode,
} from './audit';

describe('the audit log in words (issue 22)', () => {
  it('labels actions, record types and fields, and humanises codes it does not know', () => {
    expect(auditActionLabel('delivery.proceed')).toBe('Proceeded a delivery to shipping');
    expect(auditActionLabel('category.update')).toBe('Updated a category');
    expect(auditActionLabel('warehouse.frobnicate_all')).toBe('Warehouse: frobnicate all');
    expect(auditActionLabel('mystery_thing.doIt')).toBe('Mystery thing: do it');
    expect(auditEntityLabel('shipping')).toBe('Shipping title');
    expect(auditEntityLabel('new_kind')).toBe('New kind');
    expect(auditFieldLabel('weight_hundredths')).toBe('Weight (kg)');
    expect(auditFieldLabel('token_version')).toBe('Sessions signed out');
    expect(auditFieldLabel('some_new_column')).toBe('Some new column');
    expect(humanizeCode('updateImage')).toBe('Update image');
    // No label is a raw code.
    for (const label of Object.values(AUDIT_ACTION_LABELS)) expect(label).not.toMatch(/[._]/);
  });

  it('shows values with their units: kg with two decimals, money as money, statuses by name', () => {
    expect(formatAuditValue('weight_hundredths', 1250, { entityType: 'delivery' })).toBe('12.50 kg');
    expect(formatAuditValue('weight_hundredths', 7, { entityType: 'delivery' })).toBe('0.07 kg');
    expect(formatAuditValue('ngn_minor', 123456700, { entityType: 'wallet' })).toBe('₦1,234,567');
    expect(formatAuditValue('usd_minor', 1700, { entityType: 'wallet' })).toMatch(/^\$17(\.00)?$/);
    expect(formatAuditValue('amount_minor', 500000, { entityType: 'invoice', currency: 'NGN' })).toBe('₦5,000');
    expect(formatAuditValue('amount_minor', 500, { entityType: 'invoice', currency: 'USD' })).toMatch(/^\$5(\.00)?$/);
    expect(formatAuditValue('amount_minor', 2125, { entityType: 'delivery' })).toMatch(/^\$21\.25$/);
    expect(formatAuditValue('amount_minor', 2125, { entityType: 'order' })).toBe('₦21.25');
    expect(auditFieldLabel('invoice_id')).toBe('Invoice');
    expect(formatAuditValue('status', 5, { entityType: 'delivery' })).toBe('Shipped (In Transit)');
    expect(formatAuditValue('status', 1, { entityType: 'category' })).toBe('Active');
    expect(formatAuditValue('from_jara', true, { entityType: 'support' })).toBe('Yes');
    expect(formatAuditValue('name', null, { entityType: 'product' })).toBe('—');
    expect(formatAuditValue('token_version', 3, { entityType: 'user' })).toBe('3');
    expect(formatAuditValue('meta', { a: 1 }, { entityType: 'user' })).toBe('{"a":1}');
  });

  it('links the records that have a back-office page', () => {
    expect(auditEntityPath('order', 86)).toBe('/orders/show/86');
    expect(auditEntityPath('delivery', 3)).toBe('/deliveries/3');
    expect(auditEntityPath('invoice', 9)).toBe('/invoices/show/9');
    expect(auditEntityPath('category', 9)).toBeNull();
    expect(auditEntityPath('order', null)).toBeNull();
  });
});
