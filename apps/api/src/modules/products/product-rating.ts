/**
 * The one rule for a product's rating, in SQL so it runs where the reviews are: the average of its reviews' ratings
 * rounded to 2 decimals, and how many there are. `productId` is the SQL that names the product's id: a parameter
 * (':pid', a review's own transaction) or a column ('products.id', a bulk recompute or the demo seed).
 * A product without reviews keeps the rating it has (an admin may set one) and counts 0 reviews.
 */
export function reviewAverageSql(productId: string): string {
  return `(SELECT ROUND(AVG(r.rating), 2) FROM product_reviews r WHERE r.product_id = ${productId})`;
}

export function reviewCountSql(productId: string): string {
  return `(SELECT COUNT(*) FROM product_reviews r WHERE r.product_id = ${productId})`;
}

export function hasReviewsSql(productId: string): string {
  return `EXISTS (SELECT 1 FROM product_reviews r WHERE r.product_id = ${productId})`;
}
