import type { DataProvider } from '@refinedev/core';
import simpleRest from '@refinedev/simple-rest';
import { API_URL } from './config';
import { http, withHttpError } from './http';

/**
 * The API's simple-rest contract (decision 033): every route again under /simple-rest, answering plain records (a
 * list is the array, its total in X-Total-Count) and taking PATCH for every update, as the stock provider expects.
 */
const SIMPLE_REST_URL = `${API_URL}/simple-rest`;

const base = simpleRest(SIMPLE_REST_URL, http);

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

/**
 * The stock @refinedev/simple-rest provider; ours only turns failures into HttpError (the server's message and
 * field errors), sends multipart updates (meta.multipart) and resolves custom calls, which read the envelope, on API_URL.
 */
export const dataProvider: DataProvider = {
  ...base,
  getApiUrl: () => API_URL,
  getList: (params) => withHttpError(() => base.getList(params)),
  getMany: (params) => withHttpError(() => base.getMany(params)),
  getOne: (params) => withHttpError(() => base.getOne(params)),
  create: (params) => withHttpError(() => base.create(params)),
  deleteOne: (params) => withHttpError(() => base.deleteOne(params)),

  update: (params) => {
    if (!params.meta?.multipart) return withHttpError(() => base.update(params));
    const url = `${SIMPLE_REST_URL}/${params.resource}/${encodeURIComponent(String(params.id))}`;
    // axios sends FormData as multipart/form-data with the browser's boundary.
    return withHttpError(async () => ({
      data: (await http.post(url, toFormData(params.variables as Record<string, unknown>))).data,
    }));
  },

  custom: async (params) => {
    const url = /^https?:\/\//.test(params.url) ? params.url : `${API_URL}/${params.url.replace(/^\/+/, '')}`;
    return withHttpError(() => base.custom({ ...params, url }));
  },
};
