import type { Warehouse } from '@jara/contracts';
import {
  adminAction,
  deliveryListApiQuery,
  deliveryListHref,
  pageCount,
  paymentCell,
  readTrackingTableQuery,
  trackingTableApiQuery,
  trackingTableHref,
  warehousesFor,
} from './deliveries';

const W = (id: number, type: Warehouse['type']) => ({ id, type }) as Pick<Warehouse, 'id' | 'type'>;
const WAREHOUSES = [W(1, 'sea_cargo'), W(2, 'air_cargo'), W(3, 'local')];

describe('warehousesFor', () => {
  it('offers local warehouses to local requests and sea/air ones to foreign requests', () => {
    expect(warehousesFor(WAREHOUSES, 'local').map((w) => w.id)).toEqual([3]);
    expect(warehousesFor(WAREHOUSES, 'foreign').map((w) => w.id)).toEqual([1, 2]);
  });

  it('narrows foreign warehouses to the chosen shipping type', () => {
    expect(warehousesFor(WAREHOUSES, 'foreign', 'air_cargo').map((w) => w.id)).toEqual([2]);
    expect(warehousesFor(WAREHOUSES, 'foreign', 'sea_cargo').map((w) => w.id)).toEqual([1]);
    expect(warehousesFor(WAREHOUSES, 'foreign', 'nonsense').map((w) => w.id)).toEqual([1, 2]);
  });
});

describe('table cells (spec 4)', () => {
  it('offers Process Payment only at status 2, Paid once the invoice is paid, else Not Available', () => {
    expect(paymentCell({ status: 2, payment_status: 'none', invoice: null })).toBe('process');
    expect(paymentCell({ status: 2, payment_status: 'pending', invoice: null })).toBe('process');
    expect(paymentCell({ status: 1, payment_status: 'none', invoice: null })).toBe('none');
    expect(paymentCell({ status: 3, payment_status: 'paid', invoice: null })).toBe('paid');
    expect(
      paymentCell({
        status: 2,
        payment_status: 'pending',
        invoice: { id: 1, reference: 'r', status: 'paid', amount_minor: 1, currency: 'USD' },
      }),
    ).toBe('paid');
  });

  it('labels the admin action: Completed at 7, Delivered to Warehouse at 1, Proceed otherwise', () => {
    expect(adminAction(7)).toEqual({ kind: 'text', label: 'Completed' });
    expect(adminAction(1)).toEqual({ kind: 'link', label: 'Delivered to Warehouse' });
    for (const status of [0, 2, 3, 4, 5, 6, 8, 42])
      expect(adminAction(status)).toEqual({ kind: 'link', label: 'Proceed' });
  });
});

describe('paging and queries', () => {
  it('counts pages of 10 and 5', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(41, 5)).toBe(9);
  });

  it('builds the delivery list query and links', () => {
    expect(deliveryListApiQuery('foreign', 'ada', 2)).toBe('type=foreign&per_page=10&page=2&q=ada');
    expect(deliveryListHref('/account-foreign-logistics', { q: '', page: 1 })).toBe('/account-foreign-logistics');
    expect(deliveryListHref('/account-foreign-logistics', { q: 'a b', page: 3 }, { pay: '7' })).toBe(
      '/account-foreign-logistics?q=a+b&page=3&pay=7',
    );
  });

  it('reads the tracking table state and keeps only known values', () => {
    const query = readTrackingTableQuery(
      new URLSearchParams('tracking_no_like=JR&name_like=%20Ada%20&status=9&sort=weight&order=desc&page=x'),
    );
    expect(query).toEqual({
      tracking_no_like: 'JR',
      name_like: 'Ada',
      status: '',
      sort: 'weight',
      order: 'desc',
      page: 1,
    });
    expect(readTrackingTableQuery(new URLSearchParams('sort=name&status=2')).sort).toBe('');
    expect(readTrackingTableQuery(new URLSearchParams('status=2')).status).toBe('2');
    expect(trackingTableApiQuery(query)).toBe(
      'per_page=5&page=1&tracking_no_like=JR&name_like=Ada&sort=weight&order=desc',
    );
    expect(trackingTableHref('/account-tracker', query, { page: 2 })).toBe(
      '/account-tracker?tracking_no_like=JR&name_like=Ada&sort=weight&order=desc&page=2',
    );
  });
});
