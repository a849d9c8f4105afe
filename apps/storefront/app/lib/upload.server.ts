import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node';
import { env } from './env.server';

/**
 * A posted form that may carry uploads (the avatar, the KYC documents): each part is read up to UPLOAD_MAX_BYTES,
 * so a file past the API's limit is refused here (MaxPartSizeExceededError) before it is held in memory or sent on.
 */
export function readUploadForm(request: Request): Promise<FormData> {
  if (!(request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    return request.formData();
  return unstable_parseMultipartFormData(
    request,
    unstable_createMemoryUploadHandler({ maxPartSize: env.uploadMaxBytes }),
  );
}
