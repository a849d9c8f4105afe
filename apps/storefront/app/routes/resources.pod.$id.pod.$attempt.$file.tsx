import type { LoaderFunctionArgs } from '@remix-run/node';
import { podImage } from '~/lib/proof-of-delivery.server';

/** /resources/pod/{delivery}/pod/{attempt}/{photo|signature}: the owner's proof-of-delivery image (issue 26). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return podImage(request, params.id, params.attempt, params.file);
}
