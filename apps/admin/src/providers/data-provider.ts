import type { BaseRecord, DataProvider, MetaQuery } from '@refinedev/core';
import simpleRest from '@refinedev/simple-rest';
import type { ListResponse } from '@jara/contracts';
import { API_URL } from './config';
import { http, withHttpError } from './http';

/** Update verbs per resource: the API takes PUT for most records and PATCH where the spec says so. */
const UPDATE_METHOD: Record<string, 'put' | 'patch'> = {
  currencies: 'patch',
  supports: 'patch',
};

const base = simpleRest(API_URL, http);

function unwrapOne<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  return body as T;
}

/**
 * Multipart updates (spec: `POST /{id}` with `_method=PUT`, e.g. product images). Plain values become form
 * fields, Files/Blobs are attached as files, null/undefined are left out.
 */
export function toFormData(values: Record<string, unknown>, method = 'PUT'): FormData {
  const form = new FormData();
  form.append('_method', method);
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value);
    else form.append(key, String(value));
  }
  return form;
}

function withMethod(meta: MetaQuery | undefined, method: string): MetaQuery {
  return { ...meta, method: meta?.method ?? method };
}

/**
 * @refinedev/simple-rest adapted to the Jara envelope: lists answer `{data, meta}` plus X-Total-Count,
 * one record answers `{data}`, errors become HttpError with the server's message and field errors.
 */
export const dataProvider: DataProvider = {
  ...base,
  getApiUrl: () => API_URL,

  getList: async (params) => {
    const res = await withHttpError(() => base.getList(params));
    const body = res.data as unknown as ListResponse<BaseRecord> | BaseRecord[];
    if (Array.isArray(body)) return { data: body as never[], total: res.total ?? body.length };
    const total = Number.isFinite(res.total) && res.total > 0 ? res.total : (body.meta?.total ?? body.data.length);
    return { data: body.data as never[], total };
  },

  getMany: async (params) => {
    const res = await withHttpError(() => base.getMany(params));
    return { data: unwrapOne<never[]>(res.data) };
  },

  getOne: async (params) => {
    const res = await withHttpError(() => base.getOne(params));
    return { data: unwrapOne(res.data) };
  },

  create: async (params) => {
    const res = await withHttpError(() => base.create(params));
    return { data: unwrapOne(res.data) };
  },

  update: async (params) => {
    if (params.meta?.multipart) {
      const url = `${API_URL}/${params.resource}/${encodeURIComponent(String(params.id))}`;
      const body = toFormData(params.variables as Record<string, unknown>);
      // axios sends FormData as multipart/form-data with the browser's boundary.
      const res = await withHttpError(() => http.post(url, body));
      return { data: unwrapOne(res.data) };
    }
    const method = UPDATE_METHOD[params.resource] ?? 'put';
    const res = await withHttpError(() => base.update({ ...params, meta: withMethod(params.meta, method) }));
    return { data: unwrapOne(res.data) };
  },

  deleteOne: async (params) => {
    const res = await withHttpError(() => base.deleteOne(params));
    return { data: unwrapOne(res.data) };
  },

  custom: async (params) => {
    const url = /^https?:\/\//.test(params.url) ? params.url : `${API_URL}/${params.url.replace(/^\/+/, '')}`;
    return withHttpError(() => base.custom({ ...params, url }));
  },
};
