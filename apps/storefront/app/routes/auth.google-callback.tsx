import type { LoaderFunctionArgs } from '@remix-run/node';
import { finishGoogleLogin } from '~/lib/google.server';

/**
 * Where Google sends the browser back (authorization-code flow): the server checks the state, exchanges the code
 * with the PKCE verifier and signs in through the API (see finishGoogleLogin). It only ever redirects, so it has no
 * page and no action; no token passes through the browser.
 */
export const loader = ({ request }: LoaderFunctionArgs) => finishGoogleLogin(request);
