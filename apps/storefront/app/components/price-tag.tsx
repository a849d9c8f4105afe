import { formatNaira, percentOffLabel, productPricing } from '@jara/contracts';

/**
 * The price of a product, with the struck previous price and '{n}% OFF' only when the vendor set a discount
 * (productPricing: the same numbers on the card, the product page and checkout).
 */
export function PriceTag({
  product,
  size,
}: {
  product: { price_kobo: number; discount?: string | null };
  /** card: a product card; page: the product page; line: a checkout line's unit price. */
  size: 'card' | 'page' | 'line';
}) {
  const pricing = productPricing(product);
  return (
    <span className={`price-tag price-tag-${size}`}>
      {size === 'page' ? (
        <span className="price" data-testid="product-price">
          {formatNaira(pricing.price)}
        </span>
      ) : size === 'line' ? (
        <span data-testid="line-price">{`${formatNaira(pricing.price)} each`}</span>
      ) : (
        <strong data-testid="card-price">{formatNaira(pricing.price)}</strong>
      )}
      {pricing.compareAt !== null && pricing.percentOff !== null ? (
        <>
          {' '}
          <s className="struck-price" data-testid="struck-price">
            <span className="visually-hidden">Previous price </span>
            {formatNaira(pricing.compareAt)}
          </s>{' '}
          <span className="off-pill" data-testid="percent-off">
            {percentOffLabel(pricing.percentOff)}
          </span>
        </>
      ) : null}
    </span>
  );
}
