import { carouselState, countdownParts, formatCountdown } from './countdown';

const now = new Date('2026-11-21T12:00:00Z').getTime();
const at = (ms: number) => now + ms;
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('countdown formats (spec 9) at each boundary', () => {
  it('over 7 days: weeks and days on cards, everything in headers', () => {
    expect(formatCountdown(at(7 * D + 1 * S), now)).toBe('1w 0d');
    expect(formatCountdown(at(15 * D + 3 * H + 4 * M + 5 * S), now)).toBe('2w 1d');
    expect(formatCountdown(at(15 * D + 3 * H + 4 * M + 5 * S), now, 'header')).toBe('2w 1d 03h 04m 05s');
  });

  it('exactly 7 days and down to 1 day: days and hours', () => {
    expect(formatCountdown(at(7 * D), now)).toBe('7d 0h');
    expect(formatCountdown(at(2 * D + 5 * H + 59 * M), now)).toBe('2d 5h');
    expect(formatCountdown(at(1 * D), now)).toBe('1d 0h');
  });

  it('under a day: hours, minutes, seconds', () => {
    expect(formatCountdown(at(1 * D - 1 * S), now)).toBe('23:59:59');
    expect(formatCountdown(at(1 * H), now)).toBe('01:00:00');
  });

  it('under an hour: minutes and seconds; over at the end', () => {
    expect(formatCountdown(at(1 * H - 1 * S), now)).toBe('59:59');
    expect(formatCountdown(at(5 * S), now)).toBe('00:05');
    expect(formatCountdown(at(0), now)).toBeNull();
    expect(formatCountdown(at(-5 * S), now)).toBeNull();
    expect(formatCountdown('not a date', now)).toBeNull();
    expect(countdownParts(at(90 * S), now)).toMatchObject({ minutes: 1, seconds: 30 });
  });
});

describe('carousel (spec 4)', () => {
  it('hides arrows for 3 or fewer items', () => {
    expect(carouselState(3, 0).showArrows).toBe(false);
    expect(carouselState(4, 0).showArrows).toBe(true);
  });

  it('moves 3 per step and disables arrows at the ends', () => {
    const first = carouselState(8, 0);
    expect(first).toMatchObject({ canPrev: false, canNext: true, next: 3 });
    const middle = carouselState(8, first.next);
    expect(middle).toMatchObject({ start: 3, canPrev: true, canNext: true, next: 5, prev: 0 });
    const last = carouselState(8, middle.next);
    expect(last).toMatchObject({ start: 5, canPrev: true, canNext: false });
    expect(carouselState(8, 99).start).toBe(5);
  });
});
