import { notificationLink } from './notification';

describe('notificationLink: a notification opens only a path of the same site', () => {
  it('keeps relative paths with their query', () => {
    for (const link of [
      '/order-summary?id=12',
      '/invoices/7',
      '/account-tracker?no=JT-AB12-CD34',
      '/settings?q=kyc',
      '/',
    ]) {
      expect(notificationLink(link)).toBe(link);
    }
  });

  it('refuses other sites, schemes, protocol-relative and malformed values', () => {
    for (const link of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'order-summary?id=1',
      '/a b',
      '/a\nb',
      '',
      `/${'a'.repeat(255)}`,
      null,
      undefined,
      42,
    ]) {
      expect(notificationLink(link)).toBeNull();
    }
  });
});
