import type { StorageService } from '../../common/storage/storage.service';
import type { Order, OrderItem } from './order.entity';
import { presentOrder, type OrderView } from './order.presenter';

/** Issue 21, defect 11: an order leaves the API per audience (buyer, vendor, admin). */
describe('presentOrder per audience', () => {
  const storage = { urlFor: () => null, cardKey: (k: string) => k } as unknown as StorageService;
  const order = {
    id: 1,
    order_no: 'JR-1',
    user_id: 10,
    user: { name: 'Ada', email: 'ada@example.com' },
    status: 1,
    subtotal_minor: 30_000,
    shipping_minor: 1_500,
    total_minor: 31_500,
    created_at: new Date(),
    updated_at: new Date(),
  } as unknown as Order;
  const line = (id: number, vendorId: number, total: number): OrderItem =>
    ({
      id,
      order_id: 1,
      product_id: id,
      product_name: `P${id}`,
      product_image: null,
      vendor_id: vendorId,
      unit_price_minor: total,
      quantity: 1,
      line_total_minor: total,
      commission_minor: total / 10,
      vendor_credit_minor: total - total / 10,
      settled_at: null,
    }) as unknown as OrderItem;
  const all = [line(1, 20, 10_000), line(2, 21, 20_000)];
  const view = (extra: Partial<OrderView>): OrderView => ({
    order,
    items: all,
    invoice: null,
    reviewedItemIds: new Set(),
    vendorView: false,
    ...extra,
  });

  it('a buyer never receives the commission or the vendor share of a line', () => {
    for (const dto of [presentOrder(view({}), storage, 7), presentOrder(view({ audience: 'buyer' }), storage, 7)]) {
      expect(dto.items).toHaveLength(2);
      for (const item of dto.items) {
        expect(item).not.toHaveProperty('commission_minor');
        expect(item).not.toHaveProperty('vendor_credit_minor');
      }
      expect(dto).toMatchObject({ subtotal_minor: 30_000, total_minor: 31_500 });
      expect(dto.vendor_earnings_minor).toBeUndefined();
    }
  });

  it("a vendor of a mixed order sees their lines and totals of their lines, not the whole order's", () => {
    const dto = presentOrder(view({ items: [all[0]], vendorView: true, audience: 'vendor' }), storage, 7);
    expect(dto.items.map((i) => i.id)).toEqual([1]);
    expect(dto).toMatchObject({ subtotal_minor: 10_000, shipping_minor: 0, total_minor: 10_000 });
    expect(dto.items[0]).toMatchObject({ commission_minor: 1_000, vendor_credit_minor: 9_000 });
    expect(dto.vendor_earnings_minor).toBe(9_000);
  });

  it('an admin sees everything', () => {
    const dto = presentOrder(view({ audience: 'admin' }), storage, 7);
    expect(dto).toMatchObject({ subtotal_minor: 30_000, shipping_minor: 1_500, total_minor: 31_500 });
    expect(dto.items.map((i) => [i.commission_minor, i.vendor_credit_minor])).toEqual([
      [1_000, 9_000],
      [2_000, 18_000],
    ]);
  });
});
