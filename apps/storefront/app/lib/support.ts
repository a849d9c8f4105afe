import { SUPPORT_STATUSES, type StatusTone } from '@jara/contracts';
import { text, type Errors } from './form';
import type { ToastMessage } from './toast';

/**
 * The Support Center (spec 2.18, 5, 8): the request form and the reply box. Their rules, limits and messages are the
 * API's CreateSupportDto and CreateSupportResponseDto, checked in the action (support.server.ts).
 */

export const SUPPORT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type SupportField = (typeof SUPPORT_FIELDS)[number];
export type SupportValues = Record<SupportField, string>;

export const SUPPORT_PAGE_SIZE = 10;

/** The request form's values as typed (shown again after a refusal). */
export function readSupportValues(form: FormData): SupportValues {
  const values = {} as SupportValues;
  for (const field of SUPPORT_FIELDS) values[field] = text(form.get(field));
  return values;
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
