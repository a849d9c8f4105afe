/** Sort options of the product manager lists (spec 2.21: rating or price). */
export const MANAGE_SORTS: Record<string, { _sort: string; _order: 'asc' | 'desc'; label: string }> = {
  newest: { _sort: 'created_at', _order: 'desc', label: 'Newest' },
  rating: { _sort: 'average_rating', _order: 'desc', label: 'Rating: high to low' },
  price_asc: { _sort: 'price_ngn', _order: 'asc', label: 'Price: low to high' },
  price_desc: { _sort: 'price_ngn', _order: 'desc', label: 'Price: high to low' },
};
