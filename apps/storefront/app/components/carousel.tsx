import { useEffect, useState, type ReactNode } from 'react';
import { PAGE_SIZES, carouselState } from '@jara/contracts';

/** Below this width a carousel shows two whole cards per step (issue 22: three cut-off ones were unreadable). */
const PHONE_QUERY = '(max-width: 699px)';
const PHONE_STEP = 2;

/** Cards per step: the spec's 3, or 2 on a phone (the CSS hides a third card until this has run). */
function useCarouselStep(): number {
  const [step, setStep] = useState<number>(PAGE_SIZES.carousel);
  useEffect(() => {
    const query = window.matchMedia(PHONE_QUERY);
    const update = () => setStep(query.matches ? PHONE_STEP : PAGE_SIZES.carousel);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return step;
}

/** Carousel of spec 4: 3 items per step (2 on phones), arrows disabled at the ends and hidden when all fit. */
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
  const step = useCarouselStep();
  const state = carouselState(items.length, start, step);
  const visible = items.slice(state.start, state.start + step);
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
