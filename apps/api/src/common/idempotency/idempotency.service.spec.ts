import { canonicalJson, requestHash } from './idempotency.service';

describe('Idempotency-Key request hash', () => {
  it('normalises a body: key order and undefined members do not matter, values and array order do', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: 'x' }, e: undefined })).toBe('{"a":{"c":"x","d":[2,1]},"b":1}');
    const order = { items: [{ product_id: 3, quantity: 1 }], payment_method: 'wallet', notes: undefined };
    const same = { payment_method: 'wallet', items: [{ quantity: 1, product_id: 3 }] };
    expect(requestHash('POST /orders', order)).toBe(requestHash('POST /orders', same));
    expect(requestHash('POST /orders', order)).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash('POST /orders', order)).not.toBe(
      requestHash('POST /orders', { ...same, items: [{ product_id: 3, quantity: 2 }] }),
    );
    expect(requestHash('POST /orders', order)).not.toBe(requestHash('POST /invoices/1/pay wallet', order));
  });
});
