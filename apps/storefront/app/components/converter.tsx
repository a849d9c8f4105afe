import { Form } from '@remix-run/react';
import { useState, type MouseEvent } from 'react';
import { MSG, formatConversion, formatDate, ratesAsOf } from '@jara/contracts';
import { convertForDisplay, type ConverterInput, type CurrencyOption } from '~/lib/converter';
import { CurrencySelect } from './money';

/**
 * The currency converter of /converter and /user-converter (spec 2.28): amount (min 0, step 0.01), from and to
 * with flags, a swap button and the result of convertCurrency. The form is a GET form, so the server computes the
 * result without JavaScript (the swap button submits swap=1); with JavaScript the result follows every keystroke.
 */
export function Converter({
  currencies,
  initial,
  title,
  headingLevel = 1,
}: {
  currencies: readonly CurrencyOption[] | null;
  initial: ConverterInput;
  title: string;
  headingLevel?: 1 | 2;
}) {
  const [state, setState] = useState<ConverterInput>(initial);
  const list = currencies ?? [];
  const outcome = currencies
    ? convertForDisplay(state, list)
    : { ok: false as const, error: MSG.currency.rateNotAvailable };
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  function swap(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    setState((current) => ({ ...current, from: current.to, to: current.from }));
  }

  const asOf = ratesAsOf(list);
  return (
    <section className="card converter" aria-labelledby="converter-title">
      <Heading id="converter-title">{title}</Heading>
      <p className="muted">Convert an amount between the currencies we support.</p>
      {asOf ? (
        <p className="muted small" data-testid="rates-as-of">
          {MSG.currency.ratesAsOf(formatDate(asOf))}
        </p>
      ) : null}
      {currencies ? null : (
        <p className="form-error" role="alert">
          {MSG.walletScreen.currenciesLoadFailed}
        </p>
      )}
      <Form method="get" className="converter-form" preventScrollReset>
        <div className="field">
          <label htmlFor="converter-amount">Amount</label>
          <input
            id="converter-amount"
            name="amount"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            value={state.amount}
            onChange={(event) => {
              const amount = event.currentTarget.value;
              setState((current) => ({ ...current, amount }));
            }}
          />
        </div>
        <div className="converter-pair">
          <CurrencySelect
            id="converter-from"
            name="from"
            label="From"
            value={state.from}
            currencies={list}
            onChange={(from) => setState((current) => ({ ...current, from }))}
          />
          <button
            type="submit"
            name="swap"
            value="1"
            className="btn btn-ghost swap-button"
            aria-label="Swap currencies"
            title="Swap currencies"
            onClick={swap}
          >
            <span aria-hidden="true">⇄</span>
          </button>
          <CurrencySelect
            id="converter-to"
            name="to"
            label="To"
            value={state.to}
            currencies={list}
            onChange={(to) => setState((current) => ({ ...current, to }))}
          />
        </div>
        <div>
          <button type="submit" className="btn btn-primary">
            Convert
          </button>
        </div>
      </Form>
      <div className="converter-result" aria-live="polite" data-testid="converter-result">
        {outcome === null ? (
          <p className="muted">Enter an amount to see the conversion.</p>
        ) : outcome.ok ? (
          <p>
            <span className="muted">{`${formatConversion(state.amount, state.from) ?? `${state.amount} ${state.from}`} =`}</span>{' '}
            <output htmlFor="converter-amount converter-from converter-to" className="converter-value">
              {outcome.text}
            </output>
          </p>
        ) : (
          <p className="field-error" role="alert">
            {outcome.error}
          </p>
        )}
      </div>
      {list.length ? (
        <details className="rates">
          <summary>Rates per US dollar</summary>
          <ul>
            {list.map((currency) => (
              <li key={currency.code}>
                <span>{`${currency.code} — ${currency.name}`}</span>
                <span>{`${currency.sell_price} ${currency.code}`}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
