import { MaxPartSizeExceededError, json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { KycTab } from '~/components/kyc-tab';
import { useSettingsUser } from '~/components/settings';
import { useActionToast } from '~/components/toasts';
import { env } from '~/lib/env.server';
import { kycTooLarge, loadKyc, submitKyc } from '~/lib/kyc.server';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { requireUser } from '~/lib/session.server';
import { readUploadForm } from '~/lib/upload.server';

/**
 * KYC (spec 2.22, points 4 and 6): a customer's latest submission; a vendor's too (none is needed to sell, one before
 * the first payout, issue 24); admins are sent to the back office.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const kyc = auth.role === 'admin' ? null : await loadKyc(request, auth);
  return json({ kyc, adminUrl: auth.role === 'admin' ? env.adminUrl : null });
}

/** A customer's or vendor's submission: the form and its two images, each read up to UPLOAD_MAX_BYTES, then POST /kyc. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request);
  let form: FormData;
  try {
    form = await readUploadForm(request);
  } catch (error) {
    if (!(error instanceof MaxPartSizeExceededError)) throw error;
    // Only a file is that large in an honest form: anything else is put on the ID image, still a 413.
    return kycTooLarge(error.field === 'user_image' ? 'user_image' : 'id_image');
  }
  return submitKyc(request, auth, form);
}

export default function KycSettings() {
  const user = useSettingsUser();
  const { kyc, adminUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return <KycTab user={user} state={kyc} actionData={actionData} adminUrl={adminUrl} />;
}
