import type { LoaderFunctionArgs } from '@remix-run/node';
import { receiptPhoto } from '~/lib/receipts.server';

/** /resources/receipt-photos/{id}: a warehouse receipt photo of the signed-in user's own parcel (issue 26). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return receiptPhoto(request, params.id);
}
