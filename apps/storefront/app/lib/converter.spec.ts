import { MSG, SEED_CURRENCIES } from '@jara/contracts';
import { convertForDisplay, converterQuery, readConverterQuery } from './converter';

const rates = SEED_CURRENCIES.map((c) => ({ code: c.code, sell_price: c.sell_price }));
const query = (q: string) => readConverterQuery(new URLSearchParams(q));

describe('converter query', () => {
  it('defaults to NGN to USD with an empty amount', () => {
    expect(query('')).toEqual({ amount: '', from: 'NGN', to: 'USD', swapped: false });
  });
  it('upper-cases codes, ignores malformed ones and swaps on swap=1', () => {
    expect(query('amount=5&from=cny&to=zar')).toEqual({ amount: '5', from: 'CNY', to: 'ZAR', swapped: false });
    expect(query('from=<script>&to=US D')).toMatchObject({ from: 'NGN', to: 'USD' });
    expect(query('amount=5&from=NGN&to=USD&swap=1')).toEqual({ amount: '5', from: 'USD', to: 'NGN', swapped: true });
  });
  it('writes a state back as a query', () => {
    expect(converterQuery({ amount: '60000', from: 'NGN', to: 'USD' })).toBe('amount=60000&from=NGN&to=USD');
    expect(converterQuery({ amount: '', from: 'USD', to: 'NGN' })).toBe('from=USD&to=NGN');
  });
});

describe('convertForDisplay', () => {
  it('converts with the seeded rates, 2 decimals', () => {
    expect(convertForDisplay({ amount: '60000', from: 'NGN', to: 'USD' }, rates)).toEqual({
      ok: true,
      value: '40.00',
      text: '40.00 USD',
    });
    expect(convertForDisplay({ amount: '40', from: 'USD', to: 'NGN' }, rates)).toEqual({
      ok: true,
      value: '60000.00',
      text: '60,000.00 NGN',
    });
    expect(convertForDisplay({ amount: '0.01', from: 'NGN', to: 'USD' }, rates)).toMatchObject({ value: '0.00' });
    expect(convertForDisplay({ amount: '100', from: 'CNY', to: 'ZAR' }, rates)).toMatchObject({ value: '250.00' });
  });
  it('shows nothing for an empty amount and the messages for the rest', () => {
    expect(convertForDisplay({ amount: '', from: 'NGN', to: 'USD' }, rates)).toBeNull();
    expect(convertForDisplay({ amount: '5', from: 'NGN', to: 'XYZ' }, rates)).toEqual({
      ok: false,
      error: MSG.currency.rateNotAvailable,
    });
    expect(convertForDisplay({ amount: '-5', from: 'NGN', to: 'USD' }, rates)).toEqual({
      ok: false,
      error: MSG.currency.invalidAmount,
    });
    const zero = rates.map((r) => (r.code === 'NGN' ? { ...r, sell_price: '0' } : r));
    expect(convertForDisplay({ amount: '5', from: 'NGN', to: 'USD' }, zero)).toEqual({
      ok: false,
      error: MSG.currency.invalidRates,
    });
  });
});
