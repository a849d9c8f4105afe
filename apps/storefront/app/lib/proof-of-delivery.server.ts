import type { ListResponse, Delivery, ItemResponse, ProofOfDelivery } from '@jara/contracts';
import { normalizeTrackingNo } from '@jara/contracts';
import type { OwnProof } from '~/components/deliveries';
import { api } from './api.server';
import { env } from './env.server';
import { forwardedHeaders } from './request-context.server';
import { getSession, type SignedIn } from './session.server';

const PLAIN = { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' };

export type { OwnProof };

/**
 * The signed-in user's own parcel of that tracking number (GET /trackings answers only theirs) and its proof of
 * delivery; null when it is not theirs or has none. The images go through /resources/pod/... (no token in the page).
 */
export async function loadOwnProof(request: Request, auth: SignedIn, raw: string): Promise<OwnProof | null> {
  const no = normalizeTrackingNo(raw);
  if (!no || auth.role === 'admin') return null;
  const found = await api<ListResponse<Delivery>>(`/trackings?tracking_no=${encodeURIComponent(no)}&per_page=1`, {
    token: auth.token,
    signal: request.signal,
  });
  const mine = found.ok ? found.data?.data?.[0] : undefined;
  if (!mine || mine.tracking_no !== no) return null;
  const pod = await api<ItemResponse<ProofOfDelivery[]>>(`/trackings/${mine.id}/pod`, {
    token: auth.token,
    signal: request.signal,
  });
  const attempts = pod.ok ? (pod.data?.data ?? []) : [];
  if (!attempts.length) return null;
  const local = (url: string | null) => (url ? url.replace(/^\/api\/v1\/trackings\//, '/resources/pod/') : null);
  return {
    deliveryId: mine.id,
    attempts: attempts.map((a) => ({ ...a, photo_src: local(a.photo_url), signature_src: local(a.signature_url) })),
  };
}

/**
 * GET /resources/pod/{delivery}/pod/{attempt}/{photo|signature}: a proof-of-delivery image of the signed-in user's
 * own parcel, proxied with the session's token; never cached, never sniffed. Anyone else's: 404 (the API decides).
 */
export async function podImage(
  request: Request,
  idParam: string | undefined,
  attemptParam: string | undefined,
  fileParam: string | undefined,
): Promise<Response> {
  const session = await getSession(request);
  const token = session.get('token');
  if (!token) return new Response('Unauthenticated.', { status: 401, headers: PLAIN });
  const notFound = () => new Response('Not found.', { status: 404, headers: PLAIN });
  if (
    !/^\d{1,12}$/.test(idParam ?? '') ||
    !/^\d{1,12}$/.test(attemptParam ?? '') ||
    (fileParam !== 'photo' && fileParam !== 'signature')
  )
    return notFound();
  let upstream: Response;
  try {
    upstream = await fetch(`${env.apiUrl}/trackings/${idParam}/pod/${attemptParam}/${fileParam}`, {
      headers: { ...forwardedHeaders(), Authorization: `Bearer ${token}`, Accept: 'image/*' },
      signal: request.signal,
    });
  } catch {
    return new Response('The image could not be loaded.', { status: 502, headers: PLAIN });
  }
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel().catch(() => undefined);
    return upstream.status === 404 || upstream.status === 403
      ? notFound()
      : new Response('The image could not be loaded.', { status: 502, headers: PLAIN });
  }
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'Content-Type': 'image/jpeg',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Referrer-Policy': 'no-referrer',
    },
  });
}
