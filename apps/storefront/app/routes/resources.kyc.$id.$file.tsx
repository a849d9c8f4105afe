import type { LoaderFunctionArgs } from '@remix-run/node';
import { kycDocument } from '~/lib/kyc.server';

/**
 * /resources/kyc/{id}/{id_image|user_image}: the signed-in customer's own KYC document, proxied from the API with the
 * session's token (Cache-Control: no-store, nosniff). Anyone else's, or no session: 404 / 401.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return kycDocument(request, params.id, params.file);
}
