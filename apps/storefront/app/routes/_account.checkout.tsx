import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import {
  CHECKOUT_COUNTRIES,
  CHECKOUT_SUMMARY,
  MSG,
  NIGERIAN_STATES,
  ORDER_PAYMENT_METHODS,
  checkoutSavingsMinor,
  formatNaira,
  orderPaymentMethodLabel,
  type BankTransferDetails,
  type ItemResponse,
  type Order,
  type OrderPaymentMethod,
} from '@jara/contracts';
import { TextAreaField } from '~/components/field';
import { CartRefreshNotice } from '~/components/orders';
import { PriceTag } from '~/components/price-tag';
import { loadCurrentUser } from '~/lib/account.server';
import { api, serverMessage } from '~/lib/api.server';
import {
  cartLineKobo,
  cartLineTotalKobo,
  cartTotalKobo,
  clearCart,
  orderLines,
  readCart,
  type CartItem,
} from '~/lib/cart';
import { CreateOrderDto } from '@jara/dto';
import {
  CHECKOUT_FIELDS,
  ITEMS_FIELD,
  checkoutErrors,
  checkoutValues,
  SAVED_FIELDS,
  savedDetails,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutValues,
} from '~/lib/checkout';
import { checkOrder } from '~/lib/checkout.server';
import { hasErrors, useFieldErrors } from '~/lib/form';
import { ALL_ROLES } from '~/lib/navigation';
import { IDEMPOTENCY_FIELD } from '~/lib/payments';
import { isTestCheckout, newIdempotencyKey, paymentRedirect, readIdempotencyKey } from '~/lib/payments.server';
import { assertSameOrigin, siteOriginsFor } from '~/lib/same-origin.server';
import { commitSession, requireUser, signOutAndRedirect } from '~/lib/session.server';
import { useCartValue } from '~/lib/use-cart';
import { useCartRefresh } from '~/lib/use-cart-refresh';
import { maxLengths } from '~/lib/validate.server';
import { loadBalance } from '~/lib/wallet.server';

export const meta: MetaFunction = () => [{ title: 'Checkout | Jara' }];

/**
 * Spec 2.15, issue 10: the summary of the cart and the shipping and payment form. The loader gives the saved account
 * details (for 'Use saved account details'), the wallet balance and one Idempotency-Key per rendered form, so a double
 * submit or a retry of the same form answers the same order.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ALL_ROLES);
  const [{ user }, balance] = await Promise.all([loadCurrentUser(request, auth), loadBalance(request, auth)]);
  return json({
    saved: savedDetails(user),
    walletMinor: balance?.ngn_minor ?? null,
    key: newIdempotencyKey(),
    // The inputs' maxLength: the API's own limits (CreateOrderDto).
    limits: maxLengths(CreateOrderDto),
  });
}

interface PlacedOrder {
  id: number;
  order_no: string;
  total_minor: number;
  payment_method: OrderPaymentMethod;
  status_label: string;
}

type CheckoutActionData =
  | { ok: true; order: PlacedOrder; redirectTo: string | null; bankTransfer: BankTransferDetails | null }
  | {
      ok: false;
      errors: CheckoutErrors;
      values: CheckoutValues | null;
      message: string | null;
      kind: 'invalid' | 'stock' | 'balance' | 'error';
      /** The Idempotency-Key of the next attempt: a fresh one after a refusal, the same one when the outcome is unknown. */
      key: string;
    };

const EMPTY_VALUES: CheckoutValues = {
  full_name: '',
  phone: '',
  street_address: '',
  state: '',
  city: '',
  landmark: '',
  postal_code: '',
  country: 'Nigeria',
  payment_method: '',
  notes: '',
};

/**
 * Paying from the wallet with less than the total: say so before the customer submits, with a link that funds the
 * shortfall (whole naira, rounded up: the funding form takes naira) and comes back to this checkout.
 */
function WalletShortfall({ walletMinor, totalMinor }: { walletMinor: number; totalMinor: number }) {
  const short = totalMinor - walletMinor;
  if (short <= 0) return null;
  const naira = Math.ceil(short / 100);
  return (
    <p className="form-warning" role="status" data-testid="checkout-shortfall">
      {MSG.checkout.shortfall(formatNaira(walletMinor), formatNaira(short))}{' '}
      <Link to={`/fund?amount=${naira}&return=checkout`} className="btn btn-primary btn-small">
        {MSG.checkout.fundShortfall(formatNaira(naira * 100))}
      </Link>
    </p>
  );
}

/** POST /orders with the cart's lines (product and quantity only: the API prices them) and the form's Idempotency-Key. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request, ALL_ROLES);
  const form = await request.formData();
  const key = readIdempotencyKey(form.get(IDEMPOTENCY_FIELD));
  const parsed = checkOrder(form);
  const refused = (
    kind: 'invalid' | 'stock' | 'balance' | 'error',
    message: string | null,
    errors: CheckoutErrors,
    status: number,
    nextKey: string,
  ) =>
    json<CheckoutActionData>(
      { ok: false, errors, values: parsed.ok ? null : parsed.values, message, kind, key: nextKey },
      { status },
    );
  if (!parsed.ok)
    return refused('invalid', parsed.errors.items ?? null, parsed.errors, 422, key ?? newIdempotencyKey());
  if (!key) return refused('error', MSG.checkout.failed, {}, 400, newIdempotencyKey());

  const result = await api<ItemResponse<Order>>('/orders', {
    token: auth.token,
    json: parsed.order,
    headers: { 'Idempotency-Key': key },
  });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  const order = result.ok ? result.data?.data : null;
  if (order) {
    const placed: PlacedOrder = {
      id: order.id,
      order_no: order.order_no,
      total_minor: order.total_minor,
      payment_method: order.payment_method,
      status_label: order.status_label,
    };
    if (parsed.order.payment_method !== 'card') {
      return json<CheckoutActionData>({
        ok: true,
        order: placed,
        redirectTo: null,
        bankTransfer: order.bank_transfer ?? null,
      });
    }
    // Card: off to the gateway (Paystack, or the storefront's test-mode page, which shows what this session started).
    const start = order.payment ?? null;
    const target = paymentRedirect(start?.authorization_url, siteOriginsFor(request));
    if (!start || !target) {
      // The order exists (To Pay, with its invoice); it can be paid from the order summary.
      return json<CheckoutActionData>({ ok: true, order: placed, redirectTo: null, bankTransfer: null });
    }
    if (!isTestCheckout(target))
      return json<CheckoutActionData>({ ok: true, order: placed, redirectTo: target, bankTransfer: null });
    auth.session.set('testCheckout', {
      reference: start.reference,
      amount_minor: order.total_minor,
      currency: 'NGN',
      description: `Order ${order.order_no}`,
    });
    return json<CheckoutActionData>(
      { ok: true, order: placed, redirectTo: target, bankTransfer: null },
      { headers: { 'Set-Cookie': await commitSession(request, auth.session) } },
    );
  }
  const message = serverMessage(result.error);
  if (result.status === 409) {
    // Short stock names the product; a request with this key still running keeps the key (it may yet succeed).
    const running = message === MSG.money.idempotencyInProgress;
    return refused(
      running ? 'error' : 'stock',
      message ?? MSG.orders.outOfStock,
      {},
      409,
      running ? key : newIdempotencyKey(),
    );
  }
  if (result.status === 422) {
    const balance = result.error?.errors?.balance?.[0];
    if (balance) return refused('balance', balance, {}, 422, newIdempotencyKey());
    const errors = checkoutErrors(result.error?.errors);
    const general = errors.items ?? (hasErrors(errors) ? null : (message ?? MSG.checkout.failed));
    return json<CheckoutActionData>(
      { ok: false, errors, values: checkoutValues(form), message: general, kind: 'invalid', key: newIdempotencyKey() },
      { status: 422 },
    );
  }
  if (result.status >= 400 && result.status < 500 && result.status !== 429) {
    return refused('error', message ?? MSG.checkout.failed, {}, result.status, newIdempotencyKey());
  }
  // No answer or a server error: the order may exist, so the next try sends the same key and gets that order.
  return refused('error', MSG.checkout.failed, {}, 502, key);
}

function Summary({ items }: { items: CartItem[] }) {
  const total = cartTotalKobo(items);
  // The real saving of the discounted lines, from the same productPricing as the card and the product page.
  const savings = checkoutSavingsMinor(
    items.map((item) => ({
      price_kobo: cartLineKobo(item) ?? 0,
      discount: typeof item.discount === 'string' ? item.discount : null,
      quantity: item.quantity,
    })),
  );
  return (
    <aside className="card checkout-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Order summary</h2>
      <ul className="order-lines" data-testid="checkout-items">
        {items.map((item) => (
          <li key={item.id} className="order-line" data-testid="checkout-line">
            <span className="order-line-name">
              {item.name}
              <span className="muted small block">{`Qty ${item.quantity}`}</span>
              {/* The unit price, with the struck previous price and '% OFF' only for a discounted product (productPricing, as the card and the product page). */}
              <span className="small block">
                <PriceTag
                  product={{
                    price_kobo: cartLineKobo(item) ?? 0,
                    discount: typeof item.discount === 'string' ? item.discount : null,
                  }}
                  size="line"
                />
              </span>
            </span>
            <strong className="num">{formatNaira(cartLineTotalKobo(item))}</strong>
          </li>
        ))}
      </ul>
      <dl className="summary-totals">
        <dt>Subtotal</dt>
        <dd>{formatNaira(total)}</dd>
        <dt>Shipping</dt>
        <dd>{CHECKOUT_SUMMARY.shipping}</dd>
        <dt>Tax</dt>
        <dd>{CHECKOUT_SUMMARY.tax}</dd>
        <dt className="summary-total">Total</dt>
        <dd className="summary-total" data-testid="checkout-total">
          {formatNaira(total)}
        </dd>
      </dl>
      {savings !== null ? (
        <p className="savings" data-testid="checkout-savings">
          {MSG.checkout.savings(formatNaira(savings))}
        </p>
      ) : null}
      <Link to="/cart" className="btn btn-ghost btn-small">
        {MSG.checkout.backToCart}
      </Link>
    </aside>
  );
}

function Complete({ data }: { data: Extract<CheckoutActionData, { ok: true }> }) {
  const { order, bankTransfer } = data;
  return (
    <section
      className="card checkout-complete"
      role="alert"
      aria-labelledby="complete-title"
      data-testid="checkout-complete"
    >
      <h1 id="complete-title">{MSG.checkout.completeTitle}</h1>
      <p>{MSG.checkout.completeText}</p>
      <dl className="details-list">
        <dt>Order</dt>
        <dd className="mono" data-testid="order-no">
          {order.order_no}
        </dd>
        <dt>Total</dt>
        <dd>{formatNaira(order.total_minor)}</dd>
        <dt>Payment</dt>
        <dd>{orderPaymentMethodLabel(order.payment_method)}</dd>
        <dt>Status</dt>
        <dd>{order.status_label}</dd>
      </dl>
      {bankTransfer ? (
        <div className="bank-transfer" data-testid="bank-transfer">
          <h2>{MSG.checkout.bankTransferTitle}</h2>
          <p className="muted small">{MSG.checkout.bankTransferText(formatNaira(order.total_minor))}</p>
          <dl className="details-list">
            <dt>Bank</dt>
            <dd>{bankTransfer.bank_name}</dd>
            <dt>Account name</dt>
            <dd>{bankTransfer.account_name}</dd>
            <dt>Account number</dt>
            <dd className="mono">{bankTransfer.account_number}</dd>
            <dt>Narration</dt>
            <dd className="mono">{bankTransfer.narration}</dd>
          </dl>
        </div>
      ) : null}
      <div className="form-actions">
        <Link to={`/order-summary?id=${order.id}`} className="btn btn-primary">
          {MSG.checkout.viewSummary}
        </Link>
        <Link to="/dashboard" className="btn btn-ghost">
          {MSG.checkout.backHome}
        </Link>
      </div>
    </section>
  );
}

function TextInput({
  name,
  label,
  value,
  error,
  autoComplete,
  onChange,
  type = 'text',
  hint,
  maxLength,
}: {
  name: Exclude<CheckoutField, 'country' | 'payment_method' | 'notes' | 'state'>;
  label: string;
  value: string;
  error?: string;
  autoComplete: string;
  onChange: (name: CheckoutField, value: string) => void;
  type?: 'text' | 'tel';
  hint?: string;
  maxLength: number | undefined;
}) {
  const id = `checkout-${name}`;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={type === 'tel' ? 'tel' : undefined}
        value={value}
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(name, event.currentTarget.value)}
      />
      {hint ? (
        <p className="muted small" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function CheckoutPage() {
  const { saved, walletMinor, key: loaderKey, limits } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as CheckoutActionData | undefined;
  const navigation = useNavigation();
  const items = useCartValue<CartItem[] | null>(readCart, null);
  const [stockRefusals, setStockRefusals] = useState(0);
  const { notice } = useCartRefresh(stockRefusals);
  const failure = actionData && !actionData.ok ? actionData : null;
  const { errors, setErrors, clear } = useFieldErrors(failure?.errors);
  const [values, setValues] = useState<CheckoutValues>(() => failure?.values ?? EMPTY_VALUES);
  const [useSaved, setUseSaved] = useState(false);
  const before = useRef<CheckoutValues | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const done = actionData?.ok ? actionData : null;

  // Placed: only now is the cart emptied; a card payment then goes to the gateway.
  useEffect(() => {
    if (!done) return;
    clearCart();
    if (done.redirectTo) window.location.assign(done.redirectTo);
  }, [done]);

  // The API refused for stock: read prices and stock again, so the cart shows what is left.
  useEffect(() => {
    if (failure?.kind === 'stock') setStockRefusals((n) => n + 1);
  }, [failure]);

  // A refused form (the action's CreateOrderDto check or the API's 422): the first invalid field gets the focus, once
  // the form is enabled again.
  const focused = useRef<unknown>(null);
  useEffect(() => {
    if (!failure || busy || focused.current === failure) return;
    focused.current = failure;
    const first = CHECKOUT_FIELDS.find((f) => failure.errors[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [failure, busy]);

  if (done) {
    if (done.redirectTo) {
      return (
        <p className="loading-state" role="status">
          {MSG.checkout.redirecting}
        </p>
      );
    }
    return <Complete data={done} />;
  }
  if (items === null) return <p className="loading-state">Loading cart...</p>;

  const change = (name: CheckoutField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    clear(name);
  };

  const toggleSaved = (checked: boolean) => {
    setUseSaved(checked);
    if (checked) {
      before.current = values;
      // Every field the account holds: name, phone, street, city, postal code, country.
      setValues((current) => {
        const next = { ...current };
        for (const field of SAVED_FIELDS) next[field] = saved[field] || current[field];
        return next;
      });
      setErrors((current) => {
        const next = { ...current };
        for (const field of SAVED_FIELDS) if (saved[field]) next[field] = undefined;
        return next;
      });
    } else if (before.current) {
      const previous = before.current;
      setValues((current) => ({
        ...current,
        ...previous,
        payment_method: current.payment_method,
        notes: current.notes,
      }));
      before.current = null;
    }
  };

  // After a failed submission the action names the next key (the same one when the outcome is unknown); the loader's
  // fresh key (it runs again after every submission) is only for a form that has not been sent yet.
  const key = failure?.key ?? loaderKey;
  const lines = orderLines(items);
  const generalMessage = failure?.message ?? errors.items ?? null;

  return (
    <div className="stack">
      <h1>Checkout</h1>
      <CartRefreshNotice notice={notice} />
      {generalMessage ? (
        <p className="form-error" role="alert" data-testid="checkout-error">
          {generalMessage}
          {failure?.kind === 'balance' ? (
            <>
              {' '}
              <Link to="/fund">{MSG.checkout.fundWallet}</Link>
            </>
          ) : null}
          {failure?.kind === 'stock' ? (
            <>
              {' '}
              <Link to="/cart">{MSG.checkout.backToCart}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="empty-state">
          <p>{MSG.checkout.emptyCart}</p>
          <Link to="/all_products" className="btn btn-primary">
            Browse Products
          </Link>
        </div>
      ) : (
        <div className="checkout-layout">
          <Summary items={items} />
          <Form method="post" noValidate className="card checkout-form" ref={formRef} aria-labelledby="shipping-title">
            <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} />
            <input type="hidden" name={ITEMS_FIELD} value={JSON.stringify(lines)} />
            <fieldset disabled={busy} className="stack">
              <h2 id="shipping-title">Shipping details</h2>
              <label className="checkbox-row">
                <input
                  type="checkbox"
                  name="use_saved"
                  checked={useSaved}
                  onChange={(event) => toggleSaved(event.currentTarget.checked)}
                />
                {MSG.checkout.useSaved}
              </label>
              <TextInput
                name="full_name"
                maxLength={limits.full_name}
                label="Full name"
                autoComplete="name"
                value={values.full_name}
                error={errors.full_name}
                onChange={change}
              />
              <TextInput
                name="phone"
                maxLength={limits.phone}
                label="Phone number"
                type="tel"
                autoComplete="tel"
                hint="e.g. 0803 123 4567 or +234 803 123 4567"
                value={values.phone}
                error={errors.phone}
                onChange={change}
              />
              <TextInput
                name="street_address"
                maxLength={limits.street_address}
                label="Street address"
                autoComplete="street-address"
                value={values.street_address}
                error={errors.street_address}
                onChange={change}
              />
              <div className="form-pair">
                <div className={`field${errors.state ? ' field-invalid' : ''}`}>
                  <label htmlFor="checkout-state">State</label>
                  <select
                    id="checkout-state"
                    name="state"
                    value={values.state}
                    autoComplete="address-level1"
                    aria-invalid={errors.state ? true : undefined}
                    aria-describedby={errors.state ? 'checkout-state-error' : undefined}
                    onChange={(event) => change('state', event.currentTarget.value)}
                  >
                    <option value="">Select a state</option>
                    {NIGERIAN_STATES.map((state) => (
                      <option key={state} value={state}>
                        {state}
                      </option>
                    ))}
                  </select>
                  {errors.state ? (
                    <p className="field-error" id="checkout-state-error">
                      {errors.state}
                    </p>
                  ) : null}
                </div>
                <TextInput
                  name="city"
                  maxLength={limits.city}
                  label="City or LGA"
                  autoComplete="address-level2"
                  value={values.city}
                  error={errors.city}
                  onChange={change}
                />
              </div>
              <TextInput
                name="landmark"
                maxLength={limits.landmark}
                label="Landmark (optional)"
                autoComplete="off"
                hint="e.g. Opposite the filling station"
                value={values.landmark}
                error={errors.landmark}
                onChange={change}
              />
              <TextInput
                name="postal_code"
                maxLength={limits.postal_code}
                label="Postal code (optional)"
                autoComplete="postal-code"
                value={values.postal_code}
                error={errors.postal_code}
                onChange={change}
              />
              <div className={`field${errors.country ? ' field-invalid' : ''}`}>
                <label htmlFor="checkout-country">Country</label>
                <select
                  id="checkout-country"
                  name="country"
                  value={values.country}
                  autoComplete="country-name"
                  aria-invalid={errors.country ? true : undefined}
                  aria-describedby={errors.country ? 'checkout-country-error' : undefined}
                  onChange={(event) => change('country', event.currentTarget.value)}
                >
                  <option value="">Select a country</option>
                  {CHECKOUT_COUNTRIES.map((country) => (
                    <option key={country} value={country}>
                      {country}
                    </option>
                  ))}
                </select>
                {errors.country ? (
                  <p className="field-error" id="checkout-country-error">
                    {errors.country}
                  </p>
                ) : null}
              </div>
              <fieldset
                className={`payment-methods${errors.payment_method ? ' field-invalid' : ''}`}
                aria-describedby={errors.payment_method ? 'checkout-payment-error' : undefined}
              >
                <legend>Payment method</legend>
                {ORDER_PAYMENT_METHODS.map((method) => (
                  <label key={method.value} className="radio-row">
                    <input
                      type="radio"
                      name="payment_method"
                      value={method.value}
                      checked={values.payment_method === method.value}
                      onChange={() => change('payment_method', method.value)}
                    />
                    <span>{method.label}</span>
                    {method.value === 'wallet' && walletMinor !== null ? (
                      <span
                        className="muted small"
                        data-testid="checkout-wallet-balance"
                      >{`Balance ${formatNaira(walletMinor)}`}</span>
                    ) : null}
                  </label>
                ))}
                {errors.payment_method ? (
                  <p className="field-error" id="checkout-payment-error">
                    {errors.payment_method}
                  </p>
                ) : null}
                {values.payment_method === 'wallet' && walletMinor !== null ? (
                  <WalletShortfall walletMinor={walletMinor} totalMinor={cartTotalKobo(items)} />
                ) : null}
              </fieldset>
              <TextAreaField
                name="notes"
                id="checkout-notes"
                label="Delivery notes (optional)"
                rows={3}
                maxLength={limits.notes}
                value={values.notes}
                error={errors.notes}
                onChange={(event) => change('notes', event.currentTarget.value)}
              />
              <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
                {busy ? MSG.checkout.placing : MSG.checkout.placeOrder}
              </button>
            </fieldset>
          </Form>
        </div>
      )}
    </div>
  );
}
