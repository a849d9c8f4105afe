import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  formatNigerianPhone,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  MESSAGING_MSG,
  type ItemResponse,
  type MessageChannel,
  type MessageResponse,
  type MessageSettings,
  type PhoneChannel,
} from '@jara/contracts';
import { MessageChannelsDto, StartPhoneVerificationDto, VerifyPhoneDto } from '@jara/dto';
import { Field } from '~/components/field';
import { usePosting } from '~/components/settings';
import { useActionToast } from '~/components/toasts';
import { api, fieldErrors, serverMessage } from '~/lib/api.server';
import { text, useFieldErrors, type Errors } from '~/lib/form';
import { assertSameOrigin } from '~/lib/same-origin.server';
import { commitSession, flashToast, requireUser, signOutAndRedirect } from '~/lib/session.server';
import { toast, type ToastMessage } from '~/lib/toast';
import { validateForm } from '~/lib/validate.server';

export const meta: MetaFunction = () => [{ title: 'Messages | Settings | Jara' }];

/** GET /user/messages: the verified number, a pending one and the channels (issue 26). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const result = await api<ItemResponse<MessageSettings>>('/user/messages', { token: auth.token });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (!result.ok || !result.data) throw new Response(MESSAGING_MSG.channelsFailed, { status: result.status || 502 });
  return json({ settings: result.data.data });
}

interface MessagesActionData {
  intent: string;
  errors: Errors;
  /** What was typed, to fill the form again after a refusal. */
  phone?: string;
  channels?: Partial<Record<MessageChannel, boolean>>;
  toast: ToastMessage;
}

const INTENTS = ['send-code', 'verify', 'remove', 'channels'] as const;

/** The toast of a refused form: the DTO's own first message. */
const firstError = (errors: Errors) => Object.values(errors).find(Boolean) ?? MESSAGING_MSG.channelsFailed;

/**
 * Four forms, one schema each (the API's DTOs): send a code to a number (StartPhoneVerificationDto), confirm it
 * (VerifyPhoneDto), forget the number, and the channels (MessageChannelsDto; an unticked box is not posted, so its
 * absence means off). A success comes back here with a flash toast after a redirect (works without JavaScript).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const auth = await requireUser(request);
  const form = await request.formData();
  const intent = text(form.get('intent'));
  if (!(INTENTS as readonly string[]).includes(intent)) return redirect('/settings/messages');
  const refuse = (errors: Errors, message: string, status: number, extra: Partial<MessagesActionData> = {}) =>
    json<MessagesActionData>({ intent, errors, toast: toast('error', message), ...extra }, { status });
  const done = async (message: string) => {
    flashToast(auth.session, { kind: 'success', message });
    return redirect('/settings/messages', { headers: { 'Set-Cookie': await commitSession(request, auth.session) } });
  };

  let path = '/user/messages/phone';
  let method = 'POST';
  let body: object | undefined;
  let fields: string[] = [];
  let extra: Partial<MessagesActionData> = {};
  if (intent === 'send-code') {
    const phone = text(form.get('phone'));
    extra = { phone };
    const check = validateForm(StartPhoneVerificationDto, { phone });
    if (!check.ok) return refuse(check.errors, firstError(check.errors), 422, extra);
    body = { phone: check.value.phone };
    fields = ['phone'];
  } else if (intent === 'verify') {
    const check = validateForm(VerifyPhoneDto, { code: text(form.get('code')) });
    if (!check.ok) return refuse(check.errors, firstError(check.errors), 422);
    path = '/user/messages/phone/verify';
    body = { code: check.value.code };
    fields = ['code', 'phone'];
  } else if (intent === 'remove') {
    method = 'DELETE';
  } else {
    const channels = Object.fromEntries(MESSAGE_CHANNELS.map((c) => [c, form.get(c) !== null])) as Record<
      MessageChannel,
      boolean
    >;
    extra = { channels };
    const check = validateForm(MessageChannelsDto, channels);
    if (!check.ok) return refuse(check.errors, MESSAGING_MSG.channelsFailed, 422, extra);
    path = '/user/messages/channels';
    method = 'PUT';
    body = check.value;
    fields = [...MESSAGE_CHANNELS];
  }
  const result = await api<ItemResponse<MessageSettings> & MessageResponse>(path, {
    method,
    token: auth.token,
    json: body,
  });
  if (result.status === 401) return signOutAndRedirect(request, auth.session);
  if (result.ok) return done(result.data?.message ?? MESSAGING_MSG.channelsSaved);
  const errors = fieldErrors(result.error, fields);
  const message =
    Object.values(errors)[0] ??
    serverMessage(result.error) ??
    (intent === 'channels' ? MESSAGING_MSG.channelsFailed : MESSAGING_MSG.codeSendFailed);
  // A refusal without a field (too soon, the gateway down) is shown under the form's own field.
  const shown = Object.keys(errors).length ? errors : { [intent === 'verify' ? 'code' : 'phone']: message };
  return refuse(shown, message, result.status || 502, extra);
}

export default function MessageSettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  useActionToast(refused?.toast);
  return (
    <div className="stack-lg message-settings">
      <p>
        <Link to="/settings/account">← Account Settings</Link>
      </p>
      <section className="stack" aria-labelledby="messages-title">
        <h2 id="messages-title">{MESSAGING_MSG.sectionTitle}</h2>
        <p className="muted">{MESSAGING_MSG.sectionIntro}</p>
        <PhoneSection settings={settings} refused={refused} />
      </section>
      <ChannelsSection settings={settings} refused={refused?.intent === 'channels' ? refused : undefined} />
    </div>
  );
}

function PhoneSection({ settings, refused }: { settings: MessageSettings; refused?: MessagesActionData }) {
  const busy = usePosting('/settings/messages');
  const { errors, clear } = useFieldErrors(refused?.errors);
  const smsOff = settings.modes.sms === 'off';
  return (
    <div className="stack phone-settings">
      {settings.phone ? (
        <div className="stack">
          <p className="verified-phone" data-testid="verified-phone">
            <span aria-hidden="true">✓ </span>
            {MESSAGING_MSG.verifiedAs(formatNigerianPhone(settings.phone))}
          </p>
          <Form method="post" action="/settings/messages">
            <input type="hidden" name="intent" value="remove" />
            <button type="submit" className="btn btn-ghost btn-small" disabled={busy}>
              {MESSAGING_MSG.removePhone}
            </button>
          </Form>
        </div>
      ) : null}
      {smsOff ? (
        <p className="notice-inline">{MESSAGING_MSG.channelOff(MESSAGE_CHANNEL_LABELS.sms)}</p>
      ) : (
        <Form method="post" action="/settings/messages" noValidate className="stack">
          <input type="hidden" name="intent" value="send-code" />
          <fieldset disabled={busy} className="form-grid">
            <Field
              name="phone"
              label={settings.phone ? MESSAGING_MSG.changePhone : MESSAGING_MSG.phoneLabel}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={30}
              defaultValue={
                refused?.phone ?? (settings.pending_phone ? formatNigerianPhone(settings.pending_phone) : '')
              }
              error={refused?.intent === 'send-code' ? errors.phone : undefined}
              onChange={() => clear('phone')}
            />
          </fieldset>
          <p className="muted">{MESSAGING_MSG.phoneHint}</p>
          <div>
            <button type="submit" className="btn btn-ghost" disabled={busy}>
              {MESSAGING_MSG.sendCode}
            </button>
          </div>
        </Form>
      )}
      {settings.pending_phone ? (
        <Form method="post" action="/settings/messages" noValidate className="stack notice-inline">
          <input type="hidden" name="intent" value="verify" />
          <p>{MESSAGING_MSG.codeHint(formatNigerianPhone(settings.pending_phone))}</p>
          <fieldset disabled={busy} className="form-grid">
            <Field
              name="code"
              label={MESSAGING_MSG.codeLabel}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              className="otp-input"
              error={refused?.intent === 'verify' ? (errors.code ?? errors.phone) : undefined}
              onChange={() => clear('code')}
            />
          </fieldset>
          <div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {MESSAGING_MSG.verify}
            </button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}

function ChannelsSection({ settings, refused }: { settings: MessageSettings; refused?: MessagesActionData }) {
  const busy = usePosting('/settings/messages');
  const chosen = { ...settings.channels, ...refused?.channels };
  const error = refused ? Object.values(refused.errors).find(Boolean) : undefined;
  const needsPhone = (channel: MessageChannel): channel is PhoneChannel => channel === 'sms' || channel === 'whatsapp';
  return (
    <section className="stack" aria-labelledby="channels-title">
      <h2 id="channels-title">{MESSAGING_MSG.channelsLegend}</h2>
      <Form method="post" action="/settings/messages" className="stack" key={JSON.stringify(chosen)}>
        <input type="hidden" name="intent" value="channels" />
        <fieldset
          className="stack channel-choices"
          disabled={busy}
          aria-describedby={error ? 'channels-error' : undefined}
        >
          <legend className="visually-hidden">{MESSAGING_MSG.channelsLegend}</legend>
          {MESSAGE_CHANNELS.map((channel) => {
            const off = needsPhone(channel) && (settings.modes[channel] === 'off' || !settings.phone);
            const note = needsPhone(channel)
              ? settings.modes[channel] === 'off'
                ? MESSAGING_MSG.channelOff(MESSAGE_CHANNEL_LABELS[channel])
                : !settings.phone
                  ? MESSAGING_MSG.needsVerifiedPhone
                  : settings.modes[channel] === 'outbox'
                    ? MESSAGING_MSG.outboxMode(MESSAGE_CHANNEL_LABELS[channel])
                    : null
              : null;
            return (
              <div key={channel} className="channel-choice">
                <label className="checkbox-row">
                  <input
                    type="checkbox"
                    name={channel}
                    defaultChecked={chosen[channel] && !off}
                    disabled={off}
                    aria-describedby={note ? `channel-${channel}-note` : undefined}
                  />
                  {MESSAGE_CHANNEL_LABELS[channel]}
                </label>
                {note ? (
                  <p className="muted channel-note" id={`channel-${channel}-note`}>
                    {note}
                  </p>
                ) : null}
              </div>
            );
          })}
        </fieldset>
        {error ? (
          <p className="form-error" id="channels-error" role="alert">
            {error}
          </p>
        ) : null}
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : MESSAGING_MSG.save}
          </button>
        </div>
      </Form>
    </section>
  );
}
