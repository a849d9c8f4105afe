import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import {
  MSG,
  SUPPORT_STATUS,
  formatLongDateTime,
  supportStatusLabel,
  type PublicUser,
  type SupportRequest,
  type SupportThread,
} from '@jara/contracts';
import { Pager, SkeletonRows, useTableLoading } from '~/components/deliveries';
import { RouteDialog } from '~/components/dialog';
import { Field, TextAreaField } from '~/components/field';
import { LiveChat } from '~/components/live-chat';
import { StatusPill } from '~/components/money';
import { useActionToast } from '~/components/toasts';
import { useFieldErrors } from '~/lib/form';
import { SUPPORT_PAGE_SIZE, supportHref, supportStatusTone, type SupportActionData } from '~/lib/support';
import { supportAction, supportLoader, type OpenThread, type SupportLoaderData } from '~/lib/support.server';

export const meta: MetaFunction = () => [{ title: 'Support Center | Jara' }];

/** Spec 2.18: the request form and a thank-you after sending, the user's requests (?page=) and a thread (?open={id}). */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await supportLoader(request));
}

export function action({ request }: ActionFunctionArgs) {
  return supportAction(request);
}

function SupportStatus({ status, testId }: { status: number; testId?: string }) {
  return <StatusPill label={supportStatusLabel(status)} tone={supportStatusTone(status)} testId={testId} />;
}

function RequestForm({
  user,
  actionData,
  limits,
}: {
  user: PublicUser | undefined;
  actionData?: SupportActionData;
  limits: Record<string, number>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create';
  const { errors, clear } = useFieldErrors(actionData?.errors);
  const [message, setMessage] = useState(actionData?.message);
  useEffect(() => setMessage(actionData?.message), [actionData]);
  const values = actionData?.values;

  return (
    <section className="card stack support-form-card" aria-labelledby="support-form-title">
      <div>
        <h2 id="support-form-title">Send us a message</h2>
        <p className="muted">Tell us what you need help with. We reply here and by e-mail.</p>
      </div>
      {message ? (
        <p className="form-error" role="alert" data-testid="support-error">
          {message}
        </p>
      ) : null}
      <Form method="post" noValidate className="stack">
        <input type="hidden" name="intent" value="create" />
        <fieldset disabled={busy} className="form-grid support-fields">
          <Field
            name="name"
            label="Name"
            autoComplete="name"
            required
            maxLength={limits.name}
            defaultValue={values?.name ?? user?.name ?? ''}
            error={errors.name}
            onChange={() => clear('name')}
          />
          <Field
            name="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            maxLength={limits.email}
            defaultValue={values?.email ?? user?.email ?? ''}
            error={errors.email}
            onChange={() => clear('email')}
          />
          <Field
            name="subject"
            label="Subject"
            required
            maxLength={limits.subject}
            defaultValue={values?.subject ?? ''}
            error={errors.subject}
            onChange={() => clear('subject')}
          />
          <TextAreaField
            name="message"
            label="Message"
            required
            rows={6}
            maxLength={limits.message}
            defaultValue={values?.message ?? ''}
            error={errors.message}
            onChange={() => clear('message')}
          />
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send message'}
          </button>
        </div>
      </Form>
    </section>
  );
}

function ThankYou({ id, page }: { id: number; page: number }) {
  return (
    <section className="card stack support-thanks" aria-labelledby="support-thanks-title" data-testid="support-thanks">
      <h2 id="support-thanks-title">{MSG.support.sent}</h2>
      <p>{MSG.support.thankYou}</p>
      <div className="form-actions">
        <Link to={supportHref({ page, open: id, sent: id })} className="btn btn-primary" preventScrollReset>
          View your request
        </Link>
        <Link to="/support" className="btn btn-ghost">
          Send another message
        </Link>
      </div>
    </section>
  );
}

function RequestsTable({ list, page, sent }: { list: SupportLoaderData['list']; page: number; sent: number }) {
  const loading = useTableLoading('/support', ['page']);
  if (!list) {
    return (
      <p className="form-error" role="alert">
        {MSG.lists.loadRecordsFailed}
      </p>
    );
  }
  if (list.items.length === 0 && !loading) {
    return (
      <>
        <p className="empty-state">You have not sent any support requests yet.</p>
        {page > 1 ? (
          <Pager
            page={page}
            pages={Math.max(page, list.pages)}
            href={(p) => supportHref({ page: p })}
            label="Support request pages"
          />
        ) : null}
      </>
    );
  }
  return (
    <>
      <div className="table-scroll">
        <table className="data-table support-table" data-testid="support-requests" aria-busy={loading || undefined}>
          <caption className="visually-hidden">Your support requests, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Replies
              </th>
              <th scope="col">Sent</th>
              <th scope="col">
                <span className="visually-hidden">Thread</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {loading ? (
              <SkeletonRows columns={5} rows={Math.max(3, Math.min(SUPPORT_PAGE_SIZE, list.items.length))} />
            ) : (
              list.items.map((item: SupportRequest) => (
                <tr key={item.id} data-testid="support-row" data-support-id={item.id}>
                  <td data-label="Subject" className="break">
                    {item.subject}
                  </td>
                  <td data-label="Status">
                    <SupportStatus status={item.status} testId="support-status" />
                  </td>
                  <td data-label="Replies" className="num">
                    {item.responses}
                  </td>
                  <td data-label="Sent">{formatLongDateTime(item.created_at)}</td>
                  <td className="row-action">
                    <Link
                      to={supportHref({ page, open: item.id, sent })}
                      className="btn btn-ghost btn-small"
                      preventScrollReset
                      aria-label={`View request: ${item.subject}`}
                    >
                      View
                    </Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        page={Math.min(page, list.pages)}
        pages={list.pages}
        href={(p) => supportHref({ page: p })}
        label="Support request pages"
      />
    </>
  );
}

function ReplyForm({
  thread,
  actionData,
  limit,
}: {
  thread: SupportThread;
  actionData?: SupportActionData;
  limit: number | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'reply';
  const { errors, clear } = useFieldErrors(actionData?.ok === false ? actionData.errors : undefined);

  return (
    <Form method="post" noValidate className="stack reply-form" key={thread.responses.length}>
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="support_id" value={thread.support.id} />
      <fieldset disabled={busy} className="stack">
        <TextAreaField
          id="reply-message"
          name="message"
          label="Your reply"
          rows={4}
          required
          maxLength={limit}
          defaultValue={actionData?.ok === false ? actionData.values?.message : undefined}
          error={errors.reply}
          onChange={() => clear('reply')}
        />
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send reply'}
        </button>
      </div>
    </Form>
  );
}

function Thread({
  open,
  actionData,
  limit,
}: {
  open: OpenThread;
  actionData?: SupportActionData;
  limit: number | undefined;
}) {
  if (!open.thread) {
    return (
      <p className="form-error" role="alert">
        {MSG.support.notFound}
      </p>
    );
  }
  const { support, responses } = open.thread;
  const closed = support.status === SUPPORT_STATUS.CLOSED;
  return (
    <div className="stack" data-testid="support-thread">
      <p className="thread-meta">
        <SupportStatus status={support.status} testId="thread-status" />
        <span className="muted">{`Request #${support.id}`}</span>
      </p>
      <ol className="thread">
        <li className="thread-entry thread-mine" data-testid="thread-entry">
          <p className="thread-who">
            <strong>You</strong>
            <time dateTime={support.created_at}>{formatLongDateTime(support.created_at)}</time>
          </p>
          <p className="thread-text">{support.message}</p>
        </li>
        {responses.map((reply) => (
          <li
            key={reply.id}
            className={`thread-entry ${reply.from_owner ? 'thread-mine' : 'thread-staff'}`}
            data-testid="thread-entry"
          >
            <p className="thread-who">
              <strong>{reply.from_owner ? 'You' : 'Jara Support'}</strong>
              <time dateTime={reply.created_at}>{formatLongDateTime(reply.created_at)}</time>
              {open.fresh.includes(reply.id) ? <span className="status-pill tone-info">New</span> : null}
            </p>
            <p className="thread-text">{reply.message}</p>
          </li>
        ))}
      </ol>
      {closed ? (
        <p className="notice-inline" data-testid="thread-closed">
          {MSG.support.closed}
        </p>
      ) : (
        <ReplyForm
          thread={open.thread}
          actionData={actionData?.intent === 'reply' ? actionData : undefined}
          limit={limit}
        />
      )}
    </div>
  );
}

export default function SupportPage() {
  const data = useLoaderData<typeof loader>() as SupportLoaderData;
  const account = useRouteLoaderData<{ user: PublicUser }>('routes/_account');
  const actionData = useActionData<typeof action>() as SupportActionData | undefined;
  useActionToast(actionData?.toast);
  const { admin, adminUrl, page, list, open, sent, liveChat, limits } = data;

  return (
    <section className="stack-lg support-page">
      <div>
        <h1>Support Center</h1>
        {admin ? null : (
          <p className="muted">Questions about an order, a delivery, a payment or your account? Write to us.</p>
        )}
      </div>
      {admin ? (
        <div className="card stack">
          <p className="notice-inline">{MSG.support.adminsAnswer}</p>
          {adminUrl ? (
            <p>
              <a className="btn btn-primary" href={adminUrl}>
                Open the back office
              </a>
            </p>
          ) : null}
        </div>
      ) : (
        <>
          {sent ? (
            <ThankYou id={sent} page={page} />
          ) : (
            <RequestForm
              user={account?.user}
              actionData={actionData?.intent === 'create' ? actionData : undefined}
              limits={limits.request}
            />
          )}
          <section className="stack" aria-labelledby="support-requests-title">
            <h2 id="support-requests-title">Your requests</h2>
            <RequestsTable list={list} page={page} sent={sent} />
          </section>
          {open ? (
            <RouteDialog
              id="support-thread"
              title={open.thread?.support.subject ?? 'Support request'}
              closeTo={supportHref({ page, sent })}
              wide
            >
              <Thread open={open} actionData={actionData} limit={limits.reply} />
            </RouteDialog>
          ) : null}
        </>
      )}
      {liveChat ? <LiveChat src={liveChat.src} /> : null}
    </section>
  );
}
