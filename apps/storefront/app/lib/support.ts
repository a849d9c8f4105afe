import { MSG, SUPPORT_STATUSES, type StatusTone } from '@jara/contracts';
import { text, type Errors } from './form';
import type { ToastMessage } from './toast';

/** The Support Center (spec 2.18, 5, 8): the request form and the reply box, checked in the browser and the action. */

export const SUPPORT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type SupportField = (typeof SUPPORT_FIELDS)[number];
export type SupportValues = Record<SupportField, string>;

/** The API's limits (CreateSupportDto, CreateSupportResponseDto). */
export const SUPPORT_LIMITS: Record<SupportField, number> = { name: 120, email: 191, subject: 200, message: 5000 };
export const REPLY_LIMIT = 5000;
export const SUPPORT_PAGE_SIZE = 10;

export function readSupportValues(form: FormData): SupportValues {
  const values = {} as SupportValues;
  for (const field of SUPPORT_FIELDS) values[field] = text(form.get(field)).trim();
  return values;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 5: name, e-mail, subject and message all required. */
export function validateSupport(values: SupportValues): Errors {
  const errors: Errors = {};
  for (const field of SUPPORT_FIELDS) {
    if (!values[field]) errors[field] = MSG.support.required;
    else if (values[field].length > SUPPORT_LIMITS[field])
      errors[field] = `Please use at most ${SUPPORT_LIMITS[field]} characters.`;
  }
  if (!errors.email && !EMAIL.test(values.email)) errors.email = 'Please enter a valid e-mail address.';
  return errors;
}

/** Spec 5: a reply must be non-blank after trimming. */
export function validateReply(message: string): string | undefined {
  const trimmed = message.trim();
  if (!trimmed) return MSG.support.blankReply;
  if (trimmed.length > REPLY_LIMIT) return `Please use at most ${REPLY_LIMIT} characters.`;
  return undefined;
}

export function supportStatusTone(status: unknown): StatusTone {
  return SUPPORT_STATUSES.find((row) => String(row.code) === String(status))?.tone ?? 'default';
}

/** A whole positive id from the query (?open=), else 0. */
export function readId(value: string | null): number {
  return value && /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= 2_147_483_647 ? Number(value) : 0;
}

/** The Support Center's URL with its list page and the open thread. */
export function supportHref(state: { page?: number; open?: number; sent?: number }): string {
  const params = new URLSearchParams();
  if (state.page && state.page > 1) params.set('page', String(state.page));
  if (state.open) params.set('open', String(state.open));
  if (state.sent) params.set('sent', String(state.sent));
  const query = params.toString();
  return query ? `/support?${query}` : '/support';
}

/** An action's refusal: field errors, one message, the typed values (the form is rendered again without JavaScript). */
export interface SupportActionData {
  intent: 'create' | 'reply';
  ok: boolean;
  errors: Errors;
  message?: string;
  values?: Partial<SupportValues>;
  toast: ToastMessage;
}
