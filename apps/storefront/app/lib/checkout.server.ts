import { CreateOrderDto } from '@jara/dto';
import { checkoutErrors, checkoutValues, ITEMS_FIELD, type CheckoutErrors, type CheckoutValues } from './checkout';
import { validateForm } from './validate.server';

/** The cart's lines as posted (JSON text); unreadable text is "no lines", for CreateOrderDto to refuse. */
function readItems(raw: FormDataEntryValue | null): unknown {
  try {
    return JSON.parse(typeof raw === 'string' ? raw : '');
  } catch {
    return undefined;
  }
}

export type OrderCheck =
  { ok: true; order: CreateOrderDto } | { ok: false; errors: CheckoutErrors; values: CheckoutValues };

/**
 * The checkout form checked by the API's CreateOrderDto (issue 23): the same rules and messages as POST /orders, and
 * its value is the body to send (trimmed, phone as +234..., the state's listed name, blank optional fields left out).
 */
export function checkOrder(form: FormData): OrderCheck {
  const values = checkoutValues(form);
  const check = validateForm(CreateOrderDto, { ...values, items: readItems(form.get(ITEMS_FIELD)) });
  return check.ok ? { ok: true, order: check.value } : { ok: false, errors: checkoutErrors(check.errors), values };
}
