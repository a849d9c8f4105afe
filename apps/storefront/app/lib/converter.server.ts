import { json, redirect } from '@remix-run/node';
import { converterQuery, readConverterQuery } from './converter';
import { loadCurrencies } from './wallet.server';

/**
 * Loader of both converter pages: the currencies (with flags) and the result for the query, computed on the
 * server so the page works without JavaScript. The no-JS swap button (swap=1) redirects to the swapped query.
 */
export async function converterLoader(request: Request) {
  const url = new URL(request.url);
  const input = readConverterQuery(url.searchParams);
  if (input.swapped) throw redirect(`${url.pathname}?${converterQuery(input)}`);
  // The result is computed by the page's component from these (convertCurrency), on the server and in the browser.
  const currencies = await loadCurrencies();
  return json({ currencies, input: { amount: input.amount, from: input.from, to: input.to } });
}
