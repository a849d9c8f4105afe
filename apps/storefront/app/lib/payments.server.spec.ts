import { AMOUNT_DECIMALS_MESSAGE, MSG } from '@jara/contracts';
import {
  callbackRedirect,
  isTestCheckout,
  newIdempotencyKey,
  parseFundForm,
  paymentRedirect,
  readIdempotencyKey,
  readReference,
} from './payments.server';

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe('Fund Wallet form', () => {
  it('accepts a positive amount with up to 2 decimals in NGN or USD and sends it with 2 decimals', () => {
    expect(parseFundForm(form({ amount: '5000', currency: 'NGN' }))).toEqual({
      ok: true,
      amount: '5000.00',
      minor: 500000,
      currency: 'NGN',
    });
    expect(parseFundForm(form({ amount: ' 12.5 ', currency: 'usd' }))).toEqual({
      ok: true,
      amount: '12.50',
      minor: 1250,
      currency: 'USD',
    });
    expect(parseFundForm(form({ amount: '1,000', currency: 'NGN' }))).toEqual({
      ok: true,
      amount: '1000.00',
      minor: 100000,
      currency: 'NGN',
    });
  });
  it('refuses empty, zero, negative and malformed amounts, over-precise ones, and other currencies', () => {
    for (const amount of ['', '0', '-5', 'abc', '1e3']) {
      expect(parseFundForm(form({ amount, currency: 'NGN' }))).toEqual({
        ok: false,
        errors: { amount: MSG.walletScreen.amountRequired },
      });
    }
    expect(parseFundForm(form({ amount: '1.999', currency: 'NGN' }))).toEqual({
      ok: false,
      errors: { amount: AMOUNT_DECIMALS_MESSAGE },
    });
    expect(parseFundForm(form({ amount: '10', currency: 'CNY' }))).toEqual({
      ok: false,
      errors: { currency: MSG.walletScreen.currencyRequired },
    });
    expect(parseFundForm(form({}))).toEqual({
      ok: false,
      errors: { amount: MSG.walletScreen.amountRequired, currency: MSG.walletScreen.currencyRequired },
    });
  });
  it("keeps to the API's funding limits per currency (WALLET_FUNDING_LIMITS)", () => {
    expect(parseFundForm(form({ amount: '99.99', currency: 'NGN' }))).toEqual({
      ok: false,
      errors: { amount: MSG.money.amountMin('₦100') },
    });
    expect(parseFundForm(form({ amount: '100', currency: 'NGN' }))).toMatchObject({ ok: true, minor: 10000 });
    expect(parseFundForm(form({ amount: '10000000', currency: 'NGN' }))).toMatchObject({ ok: true });
    expect(parseFundForm(form({ amount: '10000000.01', currency: 'NGN' }))).toEqual({
      ok: false,
      errors: { amount: MSG.money.amountMax('₦10,000,000') },
    });
    expect(parseFundForm(form({ amount: '0.99', currency: 'USD' }))).toEqual({
      ok: false,
      errors: { amount: MSG.money.amountMin('$1.00') },
    });
    expect(parseFundForm(form({ amount: '10001', currency: 'USD' }))).toEqual({
      ok: false,
      errors: { amount: MSG.money.amountMax('$10,000.00') },
    });
  });
});

describe('idempotency keys', () => {
  it('are fresh for each form render and read back only when well formed', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(readIdempotencyKey(a)).toBe(a);
    expect(readIdempotencyKey(null)).toBeNull();
    expect(readIdempotencyKey('')).toBeNull();
    expect(readIdempotencyKey('short')).toBeNull();
    expect(readIdempotencyKey('x'.repeat(129))).toBeNull();
    expect(readIdempotencyKey('abc def ghi jkl mno pqr')).toBeNull();
    expect(readIdempotencyKey(new File(['x'], 'key.txt'))).toBeNull();
  });
});

describe('payment redirects', () => {
  const site = ['http://localhost:4601', 'https://jara.ng'];
  it("follows Paystack's https checkout and the storefront's own test-mode page", () => {
    expect(paymentRedirect('https://checkout.paystack.com/abc123', site)).toBe('https://checkout.paystack.com/abc123');
    expect(paymentRedirect('http://localhost:4601/pay/test?reference=JR-1', site)).toBe(
      'http://localhost:4601/pay/test?reference=JR-1',
    );
    expect(paymentRedirect('/pay/test?reference=JR-1', site)).toBe('/pay/test?reference=JR-1');
    expect(paymentRedirect('http://127.0.0.1:3000/pay/test?reference=JR-1', site)).toBe(
      'http://127.0.0.1:3000/pay/test?reference=JR-1',
    );
  });
  it('refuses other schemes, plain http elsewhere, credentials, protocol-relative paths and garbage', () => {
    for (const bad of [
      'javascript:alert(1)',
      'http://evil.example/pay',
      'https://user:pw@evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '',
      ' ',
      42,
      null,
      'not a url',
    ]) {
      expect(paymentRedirect(bad, site)).toBeNull();
    }
  });
  it('reads references', () => {
    expect(readReference(' JR-FUND-1a2b.3 ')).toBe('JR-FUND-1a2b.3');
    expect(readReference('a b')).toBeNull();
    expect(readReference(null)).toBeNull();
    expect(readReference('x'.repeat(101))).toBeNull();
  });
});

describe('test-mode callback', () => {
  const site = ['http://localhost:4601'];
  it('returns to a path of this site, also when given as an absolute URL on its origin', () => {
    expect(callbackRedirect('http://localhost:4601/fund?reference=JR-1', site)).toBe('/fund?reference=JR-1');
    expect(callbackRedirect('/invoices/7?reference=JR-2', site)).toBe('/invoices/7?reference=JR-2');
  });
  it('refuses other sites and garbage', () => {
    for (const bad of ['https://evil.example/fund', '//evil.example', 'javascript:alert(1)', '', null, 7])
      expect(callbackRedirect(bad, site)).toBeNull();
  });
});

describe('test-mode checkout detection', () => {
  it("is the storefront's /pay/test page, relative or absolute", () => {
    expect(isTestCheckout('http://localhost:4601/pay/test?reference=fund-1')).toBe(true);
    expect(isTestCheckout('/pay/test?reference=fund-1')).toBe(true);
    expect(isTestCheckout('https://checkout.paystack.com/abc')).toBe(false);
    expect(isTestCheckout('/pay/testing')).toBe(false);
  });
});
