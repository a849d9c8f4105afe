import { useState, type ReactNode } from 'react';
import { PAGE_SIZES, carouselState } from '@jara/contracts';

/** Carousel of spec 4: 3 items per step, arrows disabled at the ends and hidden with 3 or fewer items. */
export function Carousel<T>({
  items,
  label,
  render,
  itemKey,
}: {
  items: T[];
  label: string;
  render: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
}) {
  const [start, setStart] = useState(0);
  const state = carouselState(items.length, start, PAGE_SIZES.carousel);
  const visible = items.slice(state.start, state.start + PAGE_SIZES.carousel);
  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label={`${label} carousel`}>
      {state.showArrows ? (
        <button
          type="button"
          className="carousel-arrow carousel-prev"
          aria-label={`Previous ${label}`}
          disabled={!state.canPrev}
          onClick={() => setStart(state.prev)}
        >
          ‹
        </button>
      ) : null}
      <ul className="carousel-track">
        {visible.map((item) => (
          <li key={itemKey(item)}>{render(item)}</li>
        ))}
      </ul>
      {state.showArrows ? (
        <button
          type="button"
          className="carousel-arrow carousel-next"
          aria-label={`Next ${label}`}
          disabled={!state.canNext}
          onClick={() => setStart(state.next)}
        >
          ›
        </button>
      ) : null}
    </div>
  );
}
