import * as FLAGS from 'country-flag-icons/string/3x2';

/**
 * Currency flags from the bundled country-flag-icons package (MIT, SVG, 3:2): no image service. The currency's
 * first two letters name the country (NGN -> NG, USD -> US, EUR -> EU). Only the server holds the whole set; a
 * page gets the few flags of the currencies it lists, as data URIs.
 */
const SVGS = FLAGS as unknown as Record<string, string | undefined>;

export function countryOfCurrency(code: string): string {
  return code.trim().slice(0, 2).toUpperCase();
}

/** The flag of a currency as an SVG data URI, or null when no country matches. */
export function flagFor(code: string): string | null {
  const country = countryOfCurrency(code);
  if (!/^[A-Z]{2}$/.test(country)) return null;
  const svg = SVGS[country];
  return typeof svg === 'string' && svg.startsWith('<svg') ? `data:image/svg+xml,${encodeURIComponent(svg)}` : null;
}
