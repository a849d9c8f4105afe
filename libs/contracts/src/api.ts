/** The response and error envelopes of the API. */
export const API_PREFIX = '/api/v1';

export interface ListMeta {
  total: number;
  page: number;
  per_page: number;
  /** Keyset cursor of the next page (send it back as `after=`); null on the last page; absent where unsupported. */
  next_cursor?: string | null;
  [extra: string]: number | string | null | undefined;
}

export interface ListResponse<T, M extends ListMeta = ListMeta> {
  data: T[];
  meta: M;
}

export interface ItemResponse<T> {
  data: T;
}

export interface MessageResponse {
  message: string;
}

export type FieldErrors = Record<string, string[]>;

export interface ApiErrorBody {
  message: string;
  errors?: FieldErrors;
  msg?: string;
}

/** The first message of a field, as the clients read errors.email[0]. */
export function firstFieldError(body: ApiErrorBody | null | undefined, field: string): string | undefined {
  return body?.errors?.[field]?.[0];
}
