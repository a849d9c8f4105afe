import { json, redirect } from '@remix-run/node';
import { KYC_FILES, MSG, type ItemResponse, type KycFile, type KycSubmission, type PublicUser } from '@jara/contracts';
import { SubmitKycDto } from '@jara/dto';
import { api, fieldErrors, serverMessage } from './api.server';
import { env } from './env.server';
import {
  KYC_ALL_FIELDS,
  KYC_TEXT_FIELDS,
  bytesText,
  chosenFile,
  kycFileErrors,
  readKycValues,
  type KycActionData,
  type KycFileField,
  type KycValues,
} from './kyc';
import { forwardedHeaders } from './request-context.server';
import { commitSession, flashToast, getSession, signOutAndRedirect, type SignedIn } from './session.server';
import { toast } from './toast';
import { maxLengths, validateForm } from './validate.server';

/** The signed-in user's id: kept in the session at sign-in; asked of the API for an older session. */
async function userIdOf(request: Request, auth: SignedIn): Promise<number | null> {
  const stored = Number(auth.session.get('userId'));
  if (Number.isInteger(stored) && stored > 0) return stored;
  const me = await api<ItemResponse<PublicUser>>('/user', { token: auth.token, signal: request.signal });
  if (me.status === 401) return signOutAndRedirect(request, auth.session);
  return me.data?.data?.id ?? null;
}

export interface KycState {
  /** The latest submission, or null when there is none. */
  submission: KycSubmission | null;
  /** The API could not be read: the tab says so rather than offering a form that may be refused. */
  failed: boolean;
  /** UPLOAD_MAX_BYTES, for the picker's check before an upload. */
  maxBytes: number;
  /** The text fields' longest values (SubmitKycDto), for the inputs' maxLength. */
  limits: Record<string, number>;
}

/** GET /kyc/{userId}/user: the customer's latest submission (data null when none). */
export async function loadKyc(request: Request, auth: SignedIn): Promise<KycState> {
  const maxBytes = env.uploadMaxBytes;
  const limits = maxLengths(SubmitKycDto);
  const userId = await userIdOf(request, auth);
  if (!userId) return { submission: null, failed: true, maxBytes, limits };
  const result = await api<ItemResponse<KycSubmission | null>>(`/kyc/${userId}/user`, {
    token: auth.token,
    signal: request.signal,
  });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (!result.ok || !result.data) return { submission: null, failed: true, maxBytes, limits };
  return { submission: result.data.data ?? null, failed: false, maxBytes, limits };
}

function refuse(values: KycValues, status: number, message: string, errors: KycActionData['errors'] = {}) {
  return json<KycActionData>(
    { ok: false, errors, message, values, toast: toast('error', MSG.kyc.submitFailed) },
    { status },
  );
}

/** A part of the KYC form past UPLOAD_MAX_BYTES (the action stopped reading the upload there). */
export function kycTooLarge(field: KycFileField) {
  const message = MSG.kyc.fileTooLarge(bytesText(env.uploadMaxBytes));
  const empty = Object.fromEntries(KYC_TEXT_FIELDS.map((f) => [f, ''])) as KycValues;
  return refuse(empty, 413, message, { [field]: message });
}

/**
 * The KYC tab's action (/settings/kyc): the text fields checked by the API's SubmitKycDto and the files by
 * kycFileErrors (spec 5), then POST /kyc as multipart with the two images. Success goes back to the KYC tab with
 * 'KYC submitted successfully!' (the tab then shows the status); a refusal keeps the typed values, with the field
 * errors (422), the API's message (409, 403) or 'Failed to submit KYC'.
 */
export async function submitKyc(request: Request, auth: SignedIn, form: FormData) {
  const values = readKycValues(form);
  const files = { id_image: chosenFile(form.get('id_image')), user_image: chosenFile(form.get('user_image')) };
  // Customers, and vendors before their first payout (issue 24); admins review.
  if (auth.role === 'admin') return refuse(values, 403, MSG.kyc.adminsReview);
  const check = validateForm(SubmitKycDto, form);
  const invalid = { ...(check.ok ? {} : check.errors), ...kycFileErrors(files, env.uploadMaxBytes) };
  if (Object.values(invalid).some(Boolean)) return refuse(values, 422, MSG.kyc.submitFailed, invalid);

  const upload = new FormData();
  for (const field of KYC_TEXT_FIELDS) upload.append(field, values[field]);
  for (const field of ['id_image', 'user_image'] as const) {
    const file = files[field];
    if (file) upload.append(field, file, file.name || `${field}.jpg`);
  }
  const result = await api<ItemResponse<KycSubmission>>('/kyc', { token: auth.token, form: upload });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (result.ok) {
    flashToast(auth.session, { kind: 'success', message: MSG.kyc.submitted });
    throw redirect('/settings/kyc', { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
  }
  if (result.status === 413) {
    const message = MSG.kyc.fileTooLarge(bytesText(env.uploadMaxBytes));
    return refuse(values, 413, message);
  }
  const errors = fieldErrors(result.error, KYC_ALL_FIELDS);
  if (result.status === 422 && Object.keys(errors).length) return refuse(values, 422, MSG.kyc.submitFailed, errors);
  return refuse(values, result.status || 502, serverMessage(result.error) ?? MSG.kyc.submitFailed, errors);
}

const NOT_FOUND_HEADERS = { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' };

/**
 * GET /resources/kyc/{id}/{file}: one of the signed-in customer's own documents, fetched from the API with the
 * session's token (the browser never holds it). Only the user's latest submission is served (an admin's session gets
 * nothing here: the back office shows documents); never cached, never sniffed.
 */
export async function kycDocument(
  request: Request,
  idParam: string | undefined,
  fileParam: string | undefined,
): Promise<Response> {
  const session = await getSession(request);
  const token = session.get('token');
  if (!token) return new Response('Unauthenticated.', { status: 401, headers: NOT_FOUND_HEADERS });
  const notFound = () => new Response(MSG.kyc.notFound, { status: 404, headers: NOT_FOUND_HEADERS });
  if (!idParam || !/^\d{1,12}$/.test(idParam) || !(KYC_FILES as readonly string[]).includes(fileParam ?? ''))
    return notFound();
  const id = Number(idParam);
  const file = fileParam as KycFile;
  const auth: SignedIn = { session, token, role: session.get('role') ?? 'customer' };
  const userId = await userIdOf(request, auth);
  if (!userId) return notFound();
  const latest = await api<ItemResponse<KycSubmission | null>>(`/kyc/${userId}/user`, {
    token,
    signal: request.signal,
  });
  const mine = latest.data?.data;
  if (!latest.ok || !mine || mine.id !== id || mine.user_id !== userId) return notFound();
  if (file === 'user_image' && !mine.user_image) return notFound();

  const headers: Record<string, string> = {
    ...forwardedHeaders(),
    Authorization: `Bearer ${token}`,
    Accept: 'image/*',
  };
  let upstream: Response;
  try {
    upstream = await fetch(`${env.apiUrl}/kyc/${id}/files/${file}`, { headers, signal: request.signal });
  } catch {
    return new Response('The document could not be loaded.', { status: 502, headers: NOT_FOUND_HEADERS });
  }
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel().catch(() => undefined);
    return upstream.status === 404
      ? notFound()
      : new Response('The document could not be loaded.', { status: 502, headers: NOT_FOUND_HEADERS });
  }
  const type = upstream.headers.get('Content-Type') ?? '';
  const out: Record<string, string> = {
    'Content-Type': /^image\/(jpeg|png|webp|gif)$/.test(type) ? type : 'application/octet-stream',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
  };
  const length = upstream.headers.get('Content-Length');
  if (length) out['Content-Length'] = length;
  return new Response(upstream.body, { status: 200, headers: out });
}
