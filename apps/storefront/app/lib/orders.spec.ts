import type { Order, OrderLine } from '@jara/contracts';
import {
  appendPage,
  nextPageQuery,
  orderListQuery,
  orderStatusTone,
  readOrderTab,
  readPageNumber,
  reviewableLines,
  transactionRows,
  transactionTone,
} from './orders';

function line(id: number, extra: Partial<OrderLine> = {}): OrderLine {
  return {
    id,
    product_id: id * 10,
    product_name: `Product ${id}`,
    product_image: null,
    vendor_id: 2,
    unit_price_minor: 100000,
    quantity: 2,
    line_total_minor: 200000,
    commission_minor: 20000,
    vendor_credit_minor: 180000,
    settled_at: null,
    reviewed: false,
    fulfilment: 'pending',
    fulfilment_label: 'Awaiting shipment',
    courier: null,
    tracking_no: null,
    ready_at: null,
    shipped_at: null,
    ...extra,
  };
}

function order(id: number, status: Order['status'], items: OrderLine[]): Order {
  return {
    id,
    order_no: `ORD-${id}`,
    status,
    status_label: '',
    created_at: `2026-11-0${id}T10:00:00.000Z`,
    items,
  } as unknown as Order;
}

describe('order screens', () => {
  it('reads the tab, To Pay by default', () => {
    expect(readOrderTab('to-review').statuses).toEqual([3]);
    expect(readOrderTab('returns').statuses).toEqual([4, 5]);
    expect(readOrderTab('to-pay').statuses).toEqual([0]);
    expect(readOrderTab('nope').key).toBe('all');
    expect(readOrderTab(null).label).toBe('All');
    expect(readOrderTab('all').statuses).toEqual([]);
  });

  it('asks the API with repeated status and the cursor', () => {
    expect(orderListQuery({ statuses: [4, 5], after: 'abc' })).toBe('per_page=10&status=4&status=5&after=abc');
    expect(orderListQuery()).toBe('per_page=10');
    expect(orderListQuery({ page: 3 })).toBe('per_page=10&page=3');
    expect(orderListQuery({ after: 'c', page: 3 })).toBe('per_page=10&after=c');
  });

  it('Load More continues with the cursor, else by page number while rows remain', () => {
    expect(nextPageQuery({ nextCursor: 'a/b', total: 30, page: 1 }, 10)).toBe('after=a%2Fb');
    expect(nextPageQuery({ nextCursor: null, total: 30, page: 1 }, 10)).toBeNull();
    expect(nextPageQuery({ total: 30, page: 2 }, 20)).toBe('page=3');
    expect(nextPageQuery({ total: 30, page: 3 }, 30)).toBeNull();
    expect([readPageNumber('2'), readPageNumber('0'), readPageNumber('x'), readPageNumber(null)]).toEqual([
      2,
      null,
      null,
      null,
    ]);
  });

  it('one transaction row per line, coloured by the order state', () => {
    const rows = transactionRows([order(1, 3, [line(1), line(2)]), order(2, 5, [line(3)]), order(3, 1, [line(4)])]);
    expect(rows.map((r) => [r.key, r.product, r.state])).toEqual([
      ['1-1', 'Product 1', 'Delivered'],
      ['1-2', 'Product 2', 'Delivered'],
      ['2-3', 'Product 3', 'Cancelled'],
      ['3-4', 'Product 4', 'Pending'],
    ]);
    expect(['Delivered', 'Pending', 'Cancelled'].map((s) => transactionTone(s as 'Delivered'))).toEqual([
      'success',
      'warning',
      'danger',
    ]);
  });

  it('status tones follow the contracts', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(orderStatusTone)).toEqual([
      'warning',
      'info',
      'info',
      'success',
      'danger',
      'danger',
      'default',
    ]);
  });

  it('only lines of a To Review order not yet reviewed can be reviewed', () => {
    expect(reviewableLines(order(1, 3, [line(1), line(2, { reviewed: true })])).map((l) => l.id)).toEqual([1]);
    expect(reviewableLines(order(1, 2, [line(1)]))).toEqual([]);
  });

  it('Load More skips rows already shown', () => {
    expect(appendPage([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 3 }])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });
});
