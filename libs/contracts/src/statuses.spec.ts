import { MSG } from './messages';
import { normalizeRole } from './roles';
import {
  activeLabel,
  DELIVERY_STATUSES,
  deliveryStatusDetailLabel,
  deliveryStatusLabel,
  kycStatusLabel,
  ORDER_STATUSES,
  orderStatusLabel,
  shippingTitleStatusLabel,
  supportStatusLabel,
  userStatusLabel,
} from './statuses';
import { emailHandle, firstName } from './user';
import { timeOfDay } from './greeting';

describe('status codes and labels (spec section 4)', () => {
  it('labels deliveries 0-8 and falls back to Unknown / Pending', () => {
    expect(DELIVERY_STATUSES.map((s) => s.code)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(deliveryStatusLabel(5)).toBe('Shipped (In Transit)');
    expect(deliveryStatusLabel('7')).toBe('Completed Transaction');
    expect(deliveryStatusLabel(42)).toBe('Unknown');
    expect(deliveryStatusDetailLabel(42)).toBe('Pending');
  });

  it('labels orders, support, KYC and shipping titles', () => {
    expect(ORDER_STATUSES.map((s) => s.label)).toEqual([
      'To Pay',
      'To Ship',
      'To Receive',
      'To Review',
      'Returned',
      'Cancelled',
    ]);
    expect(orderStatusLabel(9)).toBe('Unknown');
    expect(supportStatusLabel(0)).toBe('Closed');
    expect(supportStatusLabel(2)).toBe('In Progress');
    expect(kycStatusLabel(-1)).toBe('Rejected');
    expect(kycStatusLabel(5)).toBe('Unknown');
    expect(shippingTitleStatusLabel(2)).toBe('Transit');
  });

  it('labels active flags as the screens do', () => {
    expect(userStatusLabel('1')).toBe('Active');
    expect(userStatusLabel('0')).toBe('0');
    expect(activeLabel(1)).toBe('Active');
    expect(activeLabel(0)).toBe('Inactive');
  });

  it('treats unknown roles as buyers', () => {
    expect(normalizeRole('Admin')).toBe('admin');
    expect(normalizeRole('superuser')).toBe('customer');
    expect(normalizeRole(undefined)).toBe('customer');
  });

  it('builds the handle', () => {
    expect(emailHandle('ada.obi@example.com')).toBe('ada.obi');
  });

  it('greets by the first name', () => {
    expect(firstName('Chioma Adeyemi')).toBe('Chioma');
    expect(firstName('  Ada  ')).toBe('Ada');
    expect(firstName('')).toBe('User');
    expect(firstName(null)).toBe('User');
  });

  it('picks the time-of-day word at the boundaries', () => {
    const at = (h: number, m = 0) => new Date(2026, 10, 21, h, m);
    expect(timeOfDay(at(11, 59))).toBe('Morning');
    expect(timeOfDay(at(12))).toBe('Afternoon');
    expect(timeOfDay(at(16, 59))).toBe('Afternoon');
    expect(timeOfDay(at(17))).toBe('Evening');
  });

  it('quotes the spec messages exactly', () => {
    expect(MSG.auth.verifyFirst).toBe('Please verify your email first.');
    expect(MSG.auth.loggingIn).toBe('Logging in…');
    expect(MSG.product.addedToCart('Ankara Gown', 2)).toBe('Ankara Gown (2) added to cart!');
  });
});
