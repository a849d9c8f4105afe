import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { DISCOUNT_FIELD_LABEL, MSG, PAGE_SIZES, PRODUCT_TYPES, productTypeLabel, type Product } from '@jara/contracts';
import { CreateProductDto, UpdateProductDto } from '@jara/dto';
import { Field, TextAreaField } from '~/components/field';
import { ProductGrid } from '~/components/product-grid';
import { useActionToast } from '~/components/toasts';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { headerCategories } from '~/lib/categories.server';
import { scopedQuery } from '~/lib/list-scopes.server';
import { ADMIN_VENDOR } from '~/lib/navigation';
import { PRODUCT_FORM_FIELDS, defaultFlashEnd, isoToLagosInput } from '~/lib/product-form';
import { MANAGE_SORTS, MANAGE_STATUSES, readManageStatus } from '~/lib/product-sorts';
import { listProducts } from '~/lib/products.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect } from '~/lib/session.server';
import { text } from '~/lib/form';
import { toast } from '~/lib/toast';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { maxLengths, validateForm } from '~/lib/validate.server';
import { CategoryOptions } from '~/components/category-options';

export const meta: MetaFunction = () => [{ title: 'Manage Products | Jara' }];

type Tab = 'all' | 'mine' | 'form';

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request, ADMIN_VENDOR);
  const url = new URL(request.url);
  const tab: Tab =
    url.searchParams.get('tab') === 'mine' ? 'mine' : url.searchParams.get('tab') === 'form' ? 'form' : 'all';
  const categories = await headerCategories();
  const filters = {
    q: url.searchParams.get('q')?.trim() ?? '',
    category: url.searchParams.get('category') ?? '',
    sort: url.searchParams.get('sort') ?? 'newest',
    status: tab === 'mine' ? readManageStatus(url.searchParams.get('status')) : '',
  };
  let list = null;
  let moreUrl = '';
  let editing: Product | null = null;
  if (tab === 'form') {
    const editId = Number(url.searchParams.get('edit'));
    if (Number.isInteger(editId) && editId > 0) {
      const result = await api<{ data: Product }>(`/products/${editId}`, { token: auth.token, signal: request.signal });
      if (result.status === 401) return signOutAndRedirect(request, auth.session);
      const product = result.data?.data;
      if (product && (auth.role === 'admin' || product.user_id === auth.session.get('userId'))) editing = product;
      else throw redirect('/products?tab=mine');
    }
  } else {
    const scope = new URLSearchParams({ scope: 'manage', tab });
    if (filters.q) scope.set('q', filters.q);
    if (filters.category) scope.set('category', filters.category);
    if (MANAGE_SORTS[filters.sort]) scope.set('sort', filters.sort);
    if (filters.status) scope.set('status', filters.status);
    const scoped = await scopedQuery(request, new URL(`http://x/?${scope}`));
    list = await listProducts(
      { ...scoped.query, page: 1, per_page: PAGE_SIZES.productManager },
      { token: auth.token, signal: request.signal, path: scoped.path },
    );
    moreUrl = `/resources/products?${scope}`;
  }
  // The inputs' maxLength: the API's own limits (CreateProductDto).
  return json({ tab, filters, categories, list, moreUrl, editing, limits: maxLengths(CreateProductDto) });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request, ADMIN_VENDOR);
  const form = await request.formData();
  const intent = text(form.get('intent'));
  const id = Number(text(form.get('id')));
  const session = auth.session;

  if (intent === 'delete') {
    const result =
      Number.isInteger(id) && id > 0 ? await api(`/products/${id}`, { method: 'DELETE', token: auth.token }) : null;
    if (result?.status === 401) return signOutAndRedirect(request, session);
    if (!result?.ok)
      return json(
        { toast: toast('error', MSG.product.deleteFailed), errors: {} as Record<string, string> },
        { status: 400 },
      );
    flashToast(session, { kind: 'success', message: MSG.product.deleted });
    return redirect('/products?tab=mine', { headers: { 'Set-Cookie': await commitSession(request, session) } });
  }

  const updating = Number.isInteger(id) && id > 0;
  const failed = updating ? MSG.product.updateFailed : MSG.product.createFailed;
  // The form's fields as typed, checked by the API's own DTO (its rules and messages); a refusal names the first.
  const fields = Object.fromEntries(PRODUCT_FORM_FIELDS.map((field) => [field, text(form.get(field)).trim()]));
  const refuse = (errors: Record<string, string | undefined>, detail?: string) => {
    const first = Object.values(errors).find(Boolean) ?? detail;
    return json({ toast: toast('error', first ? `${failed} ${first}` : failed), errors }, { status: 422 });
  };
  const check = validateForm(updating ? UpdateProductDto : CreateProductDto, fields);
  if (!check.ok) return refuse(check.errors);

  // Multipart body for the API (the same text, not the DTO's value: the API reads naira and converts it itself):
  // empty values are not sent; the image only when a file was chosen.
  const body = new FormData();
  for (const [field, value] of Object.entries(fields)) if (value !== '') body.set(field, value);
  const image = form.get('image');
  if (image instanceof File && image.size > 0) {
    if (!image.type.startsWith('image/')) return refuse({ image: 'Please choose an image file.' });
    body.set('image', image, image.name);
  }
  if (updating) body.set('_method', 'PUT');
  const result = await api<{ message?: string }>(updating ? `/products/${id}` : '/products', {
    method: 'POST',
    form: body,
    token: auth.token,
  });
  if (result.status === 401) return signOutAndRedirect(request, session);
  if (!result.ok) {
    const errors = fieldErrors(result.error, [...PRODUCT_FORM_FIELDS, 'image']);
    if (result.status === 422) return refuse(errors, serverMessage(result.error));
    const detail = serverMessage(result.error);
    return json({ toast: toast('error', detail ? `${failed} ${detail}` : failed), errors }, { status: 400 });
  }
  flashToast(session, { kind: 'success', message: updating ? MSG.product.updated : MSG.product.created });
  return redirect('/products?tab=mine', { headers: { 'Set-Cookie': await commitSession(request, session) } });
}

/** Spec 2.21: All Products, My Products, Create/Update Product (one tab for the form, whichever its mode). */
function Tabs({ tab }: { tab: Tab }) {
  const items: Array<[Tab, string, string]> = [
    ['all', 'All Products', '/products'],
    ['mine', 'My Products', '/products?tab=mine'],
    ['form', 'Create/Update Product', '/products?tab=form'],
  ];
  return (
    <nav className="tabs" aria-label="Product manager">
      {items.map(([key, label, to]) => (
        <Link
          key={key}
          to={to}
          className={`tab${tab === key ? ' active' : ''}`}
          aria-current={tab === key ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

function ListTab() {
  const { tab, filters, categories, list, moreUrl } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  if (!list) return null;
  return (
    <div className="stack">
      <Form
        method="get"
        className={`filters manage-filters${tab === 'mine' ? ' with-status' : ''}`}
        onChange={(event) => {
          if (event.target instanceof HTMLSelectElement) submit(event.currentTarget);
        }}
      >
        {tab === 'mine' ? <input type="hidden" name="tab" value="mine" /> : null}
        <div className="field filter-search">
          <label htmlFor="manage-q">Search by name</label>
          <input id="manage-q" type="search" name="q" defaultValue={filters.q} placeholder="Search products..." />
        </div>
        <div className="field">
          <label htmlFor="manage-category">Category</label>
          <select id="manage-category" name="category" defaultValue={filters.category}>
            <CategoryOptions categories={categories} />
          </select>
        </div>
        {tab === 'mine' ? (
          <div className="field">
            <label htmlFor="manage-status">Status</label>
            <select id="manage-status" name="status" defaultValue={filters.status}>
              {MANAGE_STATUSES.map((status) => (
                <option key={status.value} value={status.value}>
                  {status.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="manage-sort">Sort by</label>
          <select id="manage-sort" name="sort" defaultValue={filters.sort}>
            {Object.entries(MANAGE_SORTS).map(([key, sort]) => (
              <option key={key} value={key}>
                {sort.label}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary btn-small">
            Apply
          </button>
        </div>
      </Form>
      {list.error ? (
        <p className="form-error" role="alert">
          {MSG.lists.fetchProductsFailed}
        </p>
      ) : (
        <ProductGrid
          items={list.items}
          total={list.total}
          cursor={list.nextCursor}
          moreUrl={moreUrl}
          rating
          ratingNA
          description={false}
          linkFor={tab === 'mine' ? (p) => `/products?tab=form&edit=${p.id}` : undefined}
          empty={<p className="empty-state">{MSG.product.noneYet}</p>}
        />
      )}
    </div>
  );
}

function ProductForm() {
  const { categories, editing, limits } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const [errors, setErrors] = useState<Record<string, string | undefined>>(actionData?.errors ?? {});
  useEffect(() => setErrors(actionData?.errors ?? {}), [actionData]);
  const [flashStart, setFlashStart] = useState(isoToLagosInput(editing?.flash_start_at));
  const [flashEnd, setFlashEnd] = useState(isoToLagosInput(editing?.flash_end_at));
  const formRef = useRef<HTMLFormElement>(null);

  const e = (field: string) => errors[field];
  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      className="product-form stack"
      key={editing?.id ?? 'new'}
    >
      <input type="hidden" name="intent" value="save" />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <h2>{editing ? `Update Product: ${editing.name}` : 'Create Product'}</h2>
      <div className="form-grid-2">
        <Field
          label="Name"
          name="name"
          defaultValue={editing?.name}
          required
          maxLength={limits.name}
          error={e('name')}
        />
        <div className={`field${e('category_id') ? ' field-invalid' : ''}`}>
          <label htmlFor="field-category_id">Category</label>
          <select id="field-category_id" name="category_id" required defaultValue={editing?.category_id ?? ''}>
            <option value="" disabled>
              Choose a category
            </option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {e('category_id') ? <p className="field-error">{e('category_id')}</p> : null}
        </div>
        <div className={`field${e('type') ? ' field-invalid' : ''}`}>
          <label htmlFor="field-type">Type</label>
          <select id="field-type" name="type" required defaultValue={editing?.type ?? 'new'}>
            {PRODUCT_TYPES.map((type) => (
              <option key={type} value={type}>
                {productTypeLabel(type)}
              </option>
            ))}
          </select>
          {e('type') ? <p className="field-error">{e('type')}</p> : null}
        </div>
        <Field
          label="Price (₦)"
          name="price"
          type="number"
          step="any"
          inputMode="decimal"
          defaultValue={editing ? String(editing.price_ngn) : ''}
          required
          error={e('price')}
        />
        <div className={`field${e('status') ? ' field-invalid' : ''}`}>
          <label htmlFor="field-status">Status</label>
          <select id="field-status" name="status" defaultValue={String(editing?.status ?? 1)}>
            <option value="1">Active</option>
            <option value="0">Inactive</option>
          </select>
        </div>
        <Field
          label="Stock quantity"
          name="stock_quantity"
          type="number"
          step={1}
          inputMode="numeric"
          defaultValue={editing ? String(editing.stock_quantity ?? '') : ''}
          error={e('stock_quantity')}
        />
        <Field label="SKU" name="sku" defaultValue={editing?.sku ?? ''} error={e('sku')} />
        <Field
          label="Weight"
          name="weight"
          placeholder="e.g. 1.2 kg"
          maxLength={limits.weight}
          defaultValue={editing?.weight ?? ''}
          error={e('weight')}
        />
        <Field
          label="Dimensions"
          name="dimensions"
          placeholder="e.g. 30 x 20 x 10 cm"
          maxLength={limits.dimensions}
          defaultValue={editing?.dimensions ?? ''}
          error={e('dimensions')}
        />
        <Field
          label={DISCOUNT_FIELD_LABEL}
          name="discount"
          placeholder="e.g. 15%"
          defaultValue={editing?.discount ?? ''}
          error={e('discount')}
        />
        <Field
          label="Flash sale start (Lagos time)"
          type="datetime-local"
          name="flash_start_at"
          value={flashStart}
          error={e('flash_start_at')}
          onChange={(event) => {
            const value = event.target.value;
            setFlashStart(value);
            setErrors((x) => ({ ...x, flash_start_at: undefined, flash_end_at: undefined }));
            if (value) setFlashEnd(defaultFlashEnd(value));
          }}
        />
        <Field
          label="Flash sale end (Lagos time)"
          type="datetime-local"
          name="flash_end_at"
          value={flashEnd}
          error={e('flash_end_at')}
          onChange={(event) => {
            setFlashEnd(event.target.value);
            setErrors((x) => ({ ...x, flash_end_at: undefined }));
          }}
        />
      </div>
      <TextAreaField
        label="Description"
        name="description"
        rows={4}
        required
        maxLength={limits.description}
        defaultValue={editing?.description ?? ''}
        error={e('description')}
      />
      <div className={`field${e('image') ? ' field-invalid' : ''}`}>
        <label htmlFor="field-image">Image{editing ? ' (leave empty to keep the current one)' : ''}</label>
        <input id="field-image" type="file" name="image" accept="image/*" />
        {e('image') ? <p className="field-error">{e('image')}</p> : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : editing ? 'Update Product' : 'Create Product'}
        </button>
        <Link to={editing ? '/products?tab=mine' : '/products'} className="btn btn-ghost">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function DeleteButton({ id, name }: { id: number; name: string }) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(`Delete "${name}"? This action cannot be reversed.`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="btn btn-danger btn-small">
        Delete product
      </button>
    </Form>
  );
}

export default function ProductManager() {
  const { tab, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(tab !== 'form' ? actionData?.toast : undefined);
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Manage Products</h1>
        {editing ? <DeleteButton id={editing.id} name={editing.name} /> : null}
      </div>
      <Tabs tab={tab} />
      {tab === 'form' ? <ProductForm /> : <ListTab />}
    </div>
  );
}
