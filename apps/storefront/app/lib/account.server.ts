import type { ItemResponse, PublicUser } from '@jara/contracts';
import { api } from './api.server';
import { requireUser, signOutAndRedirect, type SignedIn } from './session.server';

/** The signed-in user from GET /user. A 401 clears the session and goes to /login. */
export async function loadCurrentUser(
  request: Request,
  signedIn?: SignedIn,
): Promise<{ user: PublicUser; signedIn: SignedIn }> {
  const auth = signedIn ?? (await requireUser(request));
  const result = await api<ItemResponse<PublicUser>>('/user', { token: auth.token, signal: request.signal });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (!result.ok || !result.data?.data) {
    throw new Response('The account service is not answering. Please try again.', {
      status: 502,
      statusText: 'Bad Gateway',
    });
  }
  return { user: result.data.data, signedIn: auth };
}
