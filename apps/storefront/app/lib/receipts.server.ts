import { json } from '@remix-run/node';
import {
  MSG,
  RECEIPT_MSG,
  type Consolidation,
  type Delivery,
  type ItemResponse,
  type ListResponse,
  type ParcelMeasure,
} from '@jara/contracts';
import { CreateConsolidationDto, DisputeMeasureDto } from '@jara/dto';
import { api, serverMessage, type ApiResult } from './api.server';
import { env } from './env.server';
import { forwardedHeaders } from './request-context.server';
import { getSession, signOutAndRedirect, type SignedIn } from './session.server';
import { validateForm } from './validate.server';

/** Issue 26: a parcel's measure (declared vs measured, photos) and the customer's answer; consolidation requests. */

export async function loadMeasure(request: Request, auth: SignedIn, id: number): Promise<ParcelMeasure | null> {
  const res = await api<ItemResponse<ParcelMeasure>>(`/trackings/${id}/measure`, {
    token: auth.token,
    signal: request.signal,
  });
  if (res.status === 401) throw await signOutAndRedirect(request, auth.session);
  return res.ok ? (res.data?.data ?? null) : null;
}

export interface MeasureAnswer {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
}

/** intent=accept | dispute (with a reason): the signed-in owner's answer (POST /trackings/{id}/measure/...). */
export async function answerMeasure(request: Request, auth: SignedIn, id: number, form: FormData) {
  return sendAnswer(form, async (intent, body) => {
    const res = await api<ItemResponse<ParcelMeasure>>(`/trackings/${id}/measure/${intent}`, {
      token: auth.token,
      json: body,
    });
    if (res.status === 401) await signOutAndRedirect(request, auth.session);
    return res;
  });
}

/** The same answer by a guest's link (decision 046): POST /guest/measures/{token}/accept | dispute, no session. */
export async function answerGuestMeasure(token: string, form: FormData) {
  return sendAnswer(form, (intent, body) =>
    api<ItemResponse<ParcelMeasure>>(`/guest/measures/${token}/${intent}`, { method: 'POST', json: body }),
  );
}

/** A guest's parcel measure by their link: the measure, or the API's status (404: the link does not work; 429). */
export async function loadGuestMeasure(
  request: Request,
  token: string,
): Promise<{ measure: ParcelMeasure | null; status: number; message: string | null }> {
  const res = await api<ItemResponse<ParcelMeasure>>(`/guest/measures/${token}`, { signal: request.signal });
  return {
    measure: res.ok ? (res.data?.data ?? null) : null,
    status: res.status,
    message: serverMessage(res.error) ?? null,
  };
}

/**
 * The form's answer checked by the API's DisputeMeasureDto (a reason for a dispute), sent by `send`, answered for
 * the page: the message, and the reason's error under its field.
 */
async function sendAnswer(
  form: FormData,
  send: (intent: 'accept' | 'dispute', body: { reason?: string }) => Promise<ApiResult<ItemResponse<ParcelMeasure>>>,
) {
  const intent = form.get('intent');
  if (intent !== 'accept' && intent !== 'dispute')
    return json<MeasureAnswer>({ ok: false, message: RECEIPT_MSG.notPending }, { status: 422 });
  let body: { reason?: string } = {};
  if (intent === 'dispute') {
    // The API's DisputeMeasureDto checks the reason (issue 23): its message is the form's and the field's.
    const check = validateForm(DisputeMeasureDto, {
      reason: String(form.get('reason') ?? '')
        .trim()
        .slice(0, 500),
    });
    if (!check.ok) {
      const message = check.errors.reason ?? Object.values(check.errors).find(Boolean) ?? '';
      return json<MeasureAnswer>({ ok: false, message, errors: { reason: message } }, { status: 422 });
    }
    body = { reason: check.value.reason };
  }
  const res = await send(intent, body);
  if (res.ok)
    return json<MeasureAnswer>({
      ok: true,
      message: intent === 'accept' ? RECEIPT_MSG.accepted : RECEIPT_MSG.disputed,
    });
  const reasonError = res.error?.errors?.reason?.[0];
  return json<MeasureAnswer>(
    {
      ok: false,
      message: serverMessage(res.error) ?? MSG.deliveries.notFound,
      errors: reasonError ? { reason: reasonError } : undefined,
    },
    { status: res.status || 502 },
  );
}

/** The plain-text answer for a photo that is not there (or not the user's): a 404 shown, not an input check. */
const PHOTO_NOT_FOUND = 'Photo not found.';

/** /resources/receipt-photos/{id}: a receipt photo of the signed-in user's own parcel, proxied with their token. */
export async function receiptPhoto(request: Request, idParam: string | undefined): Promise<Response> {
  const plain = { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' };
  const session = await getSession(request);
  const token = session.get('token');
  if (!token) return new Response('Unauthenticated.', { status: 401, headers: plain });
  if (!idParam || !/^\d{1,12}$/.test(idParam)) return new Response(PHOTO_NOT_FOUND, { status: 404, headers: plain });
  let upstream: Response;
  try {
    upstream = await fetch(`${env.apiUrl}/receipt-photos/${idParam}`, {
      headers: { ...forwardedHeaders(), Authorization: `Bearer ${token}`, Accept: 'image/*' },
      signal: request.signal,
    });
  } catch {
    return new Response('The photo could not be loaded.', { status: 502, headers: plain });
  }
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel().catch(() => undefined);
    return new Response(PHOTO_NOT_FOUND, { status: upstream.status === 404 ? 404 : 502, headers: plain });
  }
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    },
  });
}

/** The user's parcels received at a warehouse (2 or 3) that may be shipped together, and their consolidations. */
export async function loadConsolidation(request: Request, auth: SignedIn) {
  const [parcels, consolidations] = await Promise.all([
    api<ListResponse<Delivery>>('/trackings?type=foreign&status=2&status=3&per_page=100&_sort=created_at&_order=DESC', {
      token: auth.token,
      signal: request.signal,
    }),
    api<ListResponse<Consolidation>>('/consolidations?per_page=20', { token: auth.token, signal: request.signal }),
  ]);
  if (parcels.status === 401 || consolidations.status === 401) throw await signOutAndRedirect(request, auth.session);
  return {
    parcels: parcels.data?.data ?? [],
    consolidations: consolidations.data?.data ?? [],
    error:
      parcels.ok && consolidations.ok
        ? null
        : (serverMessage(parcels.error ?? consolidations.error) ?? 'Could not load your parcels.'),
  };
}

export async function requestConsolidation(request: Request, auth: SignedIn, form: FormData) {
  const ids = form
    .getAll('delivery_ids')
    .map((v) => String(v))
    .filter((v) => /^\d{1,12}$/.test(v))
    .map(Number);
  // The API's CreateConsolidationDto checks the choice (2 to 50 parcels) before it is sent (issue 23).
  const check = validateForm(CreateConsolidationDto, { delivery_ids: ids });
  if (!check.ok)
    return json<MeasureAnswer>(
      { ok: false, message: check.errors.delivery_ids ?? Object.values(check.errors).find(Boolean) ?? '' },
      { status: 422 },
    );
  const res = await api<ItemResponse<Consolidation>>('/consolidations', {
    token: auth.token,
    json: { delivery_ids: ids },
  });
  if (res.status === 401) return signOutAndRedirect(request, auth.session);
  if (res.ok) return json<MeasureAnswer>({ ok: true, message: RECEIPT_MSG.consolidationRequested });
  const first = res.error?.errors?.delivery_ids?.[0];
  return json<MeasureAnswer>(
    { ok: false, message: first ?? serverMessage(res.error) ?? 'Could not request the consolidation.' },
    { status: res.status || 502 },
  );
}
