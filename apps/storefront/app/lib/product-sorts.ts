/** Sort options of the product manager lists (spec 2.21: rating or price; issue 22: stock). */
export const MANAGE_SORTS: Record<string, { _sort: string; _order: 'asc' | 'desc'; label: string }> = {
  newest: { _sort: 'created_at', _order: 'desc', label: 'Newest' },
  rating: { _sort: 'average_rating', _order: 'desc', label: 'Rating: high to low' },
  price_asc: { _sort: 'price_ngn', _order: 'asc', label: 'Price: low to high' },
  price_desc: { _sort: 'price_ngn', _order: 'desc', label: 'Price: high to low' },
  stock_asc: { _sort: 'stock_quantity', _order: 'asc', label: 'Stock: low to high' },
  stock_desc: { _sort: 'stock_quantity', _order: 'desc', label: 'Stock: high to low' },
};

/** My Products' status filter (issue 22): every status, or active / inactive only (the API's status=1|0). */
export const MANAGE_STATUSES: Array<{ value: '' | '1' | '0'; label: string }> = [
  { value: '', label: 'All statuses' },
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

export function readManageStatus(value: string | null | undefined): '' | '1' | '0' {
  return value === '1' || value === '0' ? value : '';
}
