/** Stars out of 5 in half steps (spec 2.13): the rating is rounded to the nearest half. */
export function Stars({ rating, count }: { rating: number; count?: number }) {
  const value = Math.max(0, Math.min(5, Math.round((Number(rating) || 0) * 2) / 2));
  const label = `Rated ${value} out of 5${count !== undefined ? `, ${count} review${count === 1 ? '' : 's'}` : ''}`;
  return (
    <span className="stars" role="img" aria-label={label} title={label}>
      {[1, 2, 3, 4, 5].map((n) => {
        const kind = value >= n ? 'full' : value >= n - 0.5 ? 'half' : 'empty';
        return (
          <span key={n} className={`star star-${kind}`} aria-hidden="true">
            ★
          </span>
        );
      })}
      {count !== undefined ? <span className="stars-count">({count})</span> : null}
    </span>
  );
}
