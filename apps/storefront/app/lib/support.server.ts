import { json, redirect } from '@remix-run/node';
import {
  MSG,
  type ItemResponse,
  type ListResponse,
  type SupportRequest,
  type SupportResponse,
  type SupportThread,
} from '@jara/contracts';
import { CreateSupportDto, CreateSupportResponseDto } from '@jara/dto';
import { api, fieldErrors, serverMessage } from './api.server';
import { pageCount, readPage } from './deliveries';
import { env } from './env.server';
import { ALL_ROLES } from './navigation';
import { assertSameOrigin } from './same-origin.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect, type SignedIn } from './session.server';
import {
  SUPPORT_FIELDS,
  SUPPORT_PAGE_SIZE,
  readId,
  readSupportValues,
  supportHref,
  type SupportActionData,
} from './support';
import { text } from './form';
import { toast } from './toast';
import { maxLengths, validateForm } from './validate.server';

export interface SupportPage {
  items: SupportRequest[];
  total: number;
  pages: number;
}

export interface OpenThread {
  id: number;
  /** null: not found (another user's, or deleted). */
  thread: SupportThread | null;
  /** Replies of Jara Support the owner had not read before this view (shown as new; now marked read). */
  fresh: number[];
}

export interface SupportLoaderData {
  admin: boolean;
  adminUrl: string | null;
  page: number;
  list: SupportPage | null;
  open: OpenThread | null;
  sent: number;
  liveChat: { src: string } | null;
  /** The inputs' maxLength: the API's limits (CreateSupportDto, and the reply's message). */
  limits: { request: Record<string, number>; reply: number | undefined };
}

const LIMITS: SupportLoaderData['limits'] = {
  request: maxLengths(CreateSupportDto),
  reply: maxLengths(CreateSupportResponseDto).message,
};

async function signed<T>(request: Request, auth: SignedIn, path: string) {
  const result = await api<T>(path, { token: auth.token, signal: request.signal });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  return result;
}

/** GET /supports?page=&per_page=10: the user's own requests, newest first. */
async function loadRequests(request: Request, auth: SignedIn, page: number): Promise<SupportPage | null> {
  const result = await signed<ListResponse<SupportRequest>>(
    request,
    auth,
    `/supports?page=${page}&per_page=${SUPPORT_PAGE_SIZE}`,
  );
  if (!result.ok || !Array.isArray(result.data?.data)) return null;
  const total = Number(result.data.meta?.total ?? result.data.data.length);
  return { items: result.data.data, total, pages: pageCount(total, SUPPORT_PAGE_SIZE) };
}

/**
 * GET /supports/{id}/responses: the request and its replies. Replies from Jara Support that the owner had not read are
 * marked read (PATCH /support-responses/{id}/status), as opening an e-mail does; the page still shows them as new.
 */
async function loadThread(request: Request, auth: SignedIn, id: number): Promise<OpenThread> {
  const result = await signed<ItemResponse<SupportThread>>(request, auth, `/supports/${id}/responses`);
  const thread = result.ok ? (result.data?.data ?? null) : null;
  if (!thread) return { id, thread: null, fresh: [] };
  const fresh = thread.responses.filter((r: SupportResponse) => !r.from_owner && r.status === 0).map((r) => r.id);
  await Promise.all(
    fresh
      .slice(0, 50)
      .map((responseId) =>
        api(`/support-responses/${responseId}/status`, { method: 'PATCH', token: auth.token, json: { status: 1 } }),
      ),
  );
  return { id, thread, fresh };
}

/** /support (spec 2.18): customers and vendors see the form, their requests and a thread (?open={id}); admins a note. */
export async function supportLoader(request: Request): Promise<SupportLoaderData> {
  const auth = await requireUser(request, ALL_ROLES);
  const params = new URL(request.url).searchParams;
  const page = readPage(params.get('page'));
  const openId = readId(params.get('open'));
  const sent = readId(params.get('sent'));
  const liveChat = env.liveChat;
  if (auth.role === 'admin') {
    return { admin: true, adminUrl: env.adminUrl, page, list: null, open: null, sent: 0, liveChat, limits: LIMITS };
  }
  const [list, open] = await Promise.all([
    loadRequests(request, auth, page),
    openId ? loadThread(request, auth, openId) : Promise.resolve(null),
  ]);
  return { admin: false, adminUrl: null, page, list, open, sent, liveChat, limits: LIMITS };
}

function answer(data: SupportActionData, status = 200) {
  return json<SupportActionData>(data, { status });
}

/** intent=create: POST /supports; intent=reply: POST /support-responses {support_id, message}. */
export async function supportAction(request: Request) {
  assertSameOrigin(request);
  const auth = await requireUser(request, ALL_ROLES);
  const form = await request.formData();
  const intent = text(form.get('intent'));

  if (intent === 'create') {
    const values = readSupportValues(form);
    const refuse = (status: number, message: string, errors = {}) =>
      answer({ intent, ok: false, errors, message, values, toast: toast('error', message) }, status);
    const check = validateForm(CreateSupportDto, values);
    if (!check.ok) return refuse(422, MSG.support.sendFailed, check.errors);
    const result = await api<ItemResponse<SupportRequest>>('/supports', { token: auth.token, json: check.value });
    if (result.status === 401) return signOutAndRedirect(request, auth.session);
    if (result.ok && result.data?.data) {
      flashToast(auth.session, { kind: 'success', message: MSG.support.sent });
      throw redirect(supportHref({ sent: result.data.data.id }), {
        headers: { 'Set-Cookie': await commitSession(request, auth.session) },
      });
    }
    const errors = fieldErrors(result.error, SUPPORT_FIELDS);
    if (result.status === 422 && Object.keys(errors).length) return refuse(422, MSG.support.sendFailed, errors);
    return refuse(result.status || 502, serverMessage(result.error) ?? MSG.support.sendFailed, errors);
  }

  if (intent === 'reply') {
    const message = text(form.get('message'));
    const refuse = (status: number, problem: string) =>
      answer(
        {
          intent,
          ok: false,
          errors: { reply: problem },
          values: { message },
          toast: toast('error', MSG.support.responseFailed),
        },
        status,
      );
    const check = validateForm(CreateSupportResponseDto, { support_id: form.get('support_id'), message });
    // A thread that cannot exist is the API's 404; otherwise the reply's own message (blank after trimming).
    if (!check.ok)
      return check.errors.support_id
        ? refuse(404, check.errors.support_id)
        : refuse(422, check.errors.message ?? MSG.support.responseFailed);
    const result = await api<ItemResponse<SupportResponse>>('/support-responses', {
      token: auth.token,
      json: { support_id: check.value.support_id, message: check.value.message },
    });
    if (result.status === 401) return signOutAndRedirect(request, auth.session);
    if (result.ok) return answer({ intent, ok: true, errors: {}, toast: toast('success', MSG.support.responseSent) });
    const problem =
      fieldErrors(result.error, ['message', 'support_id']).message ??
      serverMessage(result.error) ??
      MSG.support.responseFailed;
    return refuse(result.status || 502, problem);
  }

  return answer({ intent: 'create', ok: false, errors: {}, toast: toast('error', MSG.support.sendFailed) }, 400);
}
