import { KYC_GENDERS, KYC_STATUSES, MSG, type StatusTone } from '@jara/contracts';
import { text, type Errors } from './form';
import type { ToastMessage } from './toast';

/** The Settings KYC tab (spec 2.22, 4, 5, 8): the form's fields and the checks of its files, shared by the browser and the action. */

export const KYC_TEXT_FIELDS = ['name', 'dob', 'gender', 'address', 'id_type', 'id_number'] as const;
export type KycTextField = (typeof KYC_TEXT_FIELDS)[number];
export const KYC_FILE_FIELDS = ['id_image', 'user_image'] as const;
export type KycFileField = (typeof KYC_FILE_FIELDS)[number];
export const KYC_ALL_FIELDS = [...KYC_TEXT_FIELDS, ...KYC_FILE_FIELDS] as const;

/** What the API decodes (it checks the content and re-encodes); the picker offers only these. */
export const KYC_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
const ACCEPTED_TYPES = KYC_ACCEPT.split(',');

export type KycValues = Record<KycTextField, string>;

/** The posted text fields, trimmed (gender lower-cased, as the API reads it). */
export function readKycValues(form: FormData): KycValues {
  const values = {} as KycValues;
  for (const field of KYC_TEXT_FIELDS) values[field] = text(form.get(field)).trim();
  values.gender = values.gender.toLowerCase();
  return values;
}

/** What the checks need of a chosen file (a browser File or the action's parsed part). */
export interface FileFacts {
  size: number;
  type: string;
}

/** A chosen file, or null when the input was left empty (browsers send an empty part then). */
export function chosenFile(value: FormDataEntryValue | null): File | null {
  return typeof value === 'object' && value !== null && value.size > 0 ? value : null;
}

/** '5 MB', '512 KB': the upload limit in words. */
export function bytesText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The latest date of birth the form offers (18 years ago today), for the date input's max. */
export function latestAdultDob(now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
  return date.toISOString().slice(0, 10);
}

function fileProblem(file: FileFacts | null, maxBytes: number, required: boolean): string | undefined {
  if (!file) return required ? MSG.profile.imageRequired : undefined;
  // The browser names the type from the extension; the API still checks the content.
  if (file.type && !ACCEPTED_TYPES.includes(file.type.toLowerCase())) return MSG.profile.imageOnly;
  if (file.size > maxBytes) return MSG.kyc.fileTooLarge(bytesText(maxBytes));
  return undefined;
}

/** One chosen file's problem (the picker checks on change): not an image, or past the upload limit. */
export function kycFileError(field: KycFileField, file: FileFacts | null, maxBytes: number): string | undefined {
  return fileProblem(file, maxBytes, field === 'id_image');
}

/**
 * The two files of the form (spec 5): the ID image required, the passport photo optional, each an image within the
 * upload limit. The text fields are the API's SubmitKycDto's to check (on the server, with its messages).
 */
export function kycFileErrors(files: Record<KycFileField, FileFacts | null>, maxBytes: number): Errors {
  const errors: Errors = {};
  for (const field of KYC_FILE_FIELDS) {
    const problem = kycFileError(field, files[field], maxBytes);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** The tone of a KYC status pill: Pending yellow, Approved green, Rejected red. */
export function kycStatusTone(status: unknown): StatusTone {
  return KYC_STATUSES.find((row) => String(row.code) === String(status))?.tone ?? 'default';
}

/** A date of birth (YYYY-MM-DD) as words, read as a calendar date (no time zone can move it a day). */
export function dobText(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

export function genderText(value: string): string {
  return KYC_GENDERS.find((g) => g.value === value)?.label ?? value;
}

/** The KYC action's refusal: the form's field errors, one message above it, and the typed values to fill it again. */
export interface KycActionData {
  ok: false;
  errors: Errors;
  message: string;
  values: KycValues;
  toast: ToastMessage;
}
