import type { ComponentType, SVGProps } from 'react';
// Every flag as an inline SVG React component (no image service); only this lazy page's chunk loads them.
import * as Flags from 'country-flag-icons/react/3x2';

type FlagComponent = ComponentType<SVGProps<SVGSVGElement>>;
const FLAGS = Flags as unknown as Record<string, FlagComponent | undefined>;

/** The country a currency's flag stands for: the code's first two letters, and EU for the euro. */
export function flagCountry(code: string): string {
  const upper = code.trim().toUpperCase();
  return upper === 'EUR' ? 'EU' : upper.slice(0, 2);
}

/** The flag beside a currency code (decorative: the code is always written next to it); a grey box when none. */
export function CurrencyFlag({ code }: { code: string }) {
  const Flag = FLAGS[flagCountry(code)];
  const style = {
    width: 24,
    height: 16,
    borderRadius: 2,
    flex: 'none',
    display: 'inline-block',
    verticalAlign: 'middle',
    boxShadow: '0 0 0 1px rgba(0,0,0,0.08)',
  };
  return Flag ? (
    <Flag aria-hidden focusable="false" style={style} />
  ) : (
    <span aria-hidden style={{ ...style, background: '#f0f0f0' }} />
  );
}
