/**
 * Messages where Nigerians read them (issue 26, docs/decisions/043-sms-and-whatsapp.md): delivery status updates by
 * SMS and WhatsApp as well as e-mail and in-app, to a phone number verified by a code. Shared by the API and the
 * storefront. The spec has no wording for these: the labels and messages are ours, kept here once.
 */

/** The channels a user chooses in Settings. E-mail is users.email_updates; the others are the messaging module's. */
export const MESSAGE_CHANNELS = ['email', 'in_app', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/** The channels sent through a phone provider (one message row per event, channel and user). */
export type PhoneChannel = 'sms' | 'whatsapp';

export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  email: 'E-mail',
  in_app: 'In-app notifications',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/**
 * How a phone channel works on this server: live (the provider's keys are set), outbox (development without keys:
 * each message is written to the local outbox folder and the outbound_messages table, never sent), off (production
 * without keys: the channel cannot be chosen).
 */
export type PhoneChannelMode = 'live' | 'outbox' | 'off';

/**
 * What a phone message reports (each has its own WhatsApp template, WHATSAPP_TEMPLATE*): a delivery's request or move,
 * an order's status change, an invoice raised (a fee or a manual charge; an order's invoice comes with the order) or
 * paid.
 */
export const MESSAGE_TOPICS = ['delivery', 'order', 'invoice_issued', 'invoice_paid'] as const;
export type MessageTopic = (typeof MESSAGE_TOPICS)[number];

/** A message row's state: pending (to send or retry), sent, failed (refused, or out of retries), capped, off. */
export const OUTBOUND_MESSAGE_STATUSES = ['pending', 'sent', 'failed', 'capped', 'off'] as const;
export type OutboundMessageStatus = (typeof OUTBOUND_MESSAGE_STATUSES)[number];

/** GET /user/messages: the signed-in user's number and channels. */
export interface MessageSettings {
  /** The verified number in E.164 (+234...), or null. */
  phone: string | null;
  phone_verified_at: string | null;
  /** A number waiting for its code, or null. */
  pending_phone: string | null;
  /** When the pending code expires (ISO), or null. */
  code_expires_at: string | null;
  channels: Record<MessageChannel, boolean>;
  /** What each phone channel does on this server. */
  modes: Record<PhoneChannel, PhoneChannelMode>;
}

// Numbers: normaliseNigerianPhone and formatNigerianPhone (address.ts) are the one normalisation (+234...).

export const MESSAGING_MSG = {
  sectionTitle: 'Status updates by SMS and WhatsApp',
  sectionIntro:
    'Choose where we tell you that a delivery or an order moved, and of your invoices. SMS and WhatsApp go to a number you have verified.',
  channelsLegend: 'Send my delivery, order and invoice updates by',
  phoneLabel: 'Mobile number',
  phoneHint: 'A Nigerian mobile number, e.g. 0803 123 4567. We send a 6-digit code to it by SMS.',
  phoneInvalid: 'Enter a Nigerian mobile number, e.g. 0803 123 4567.',
  phoneTaken: 'This number is verified on another account.',
  phoneAlreadyVerified: 'This number is already verified on your account.',
  sendCode: 'Send code',
  codeLabel: 'Code',
  codeHint: (phone: string) => `Enter the 6-digit code we sent to ${phone}.`,
  codeFormat: 'The code is 6 digits.',
  verify: 'Verify number',
  codeSent: (phone: string) => `We sent a code to ${phone}.`,
  codeSms: (code: string, minutes: number) =>
    `Your Jara verification code is ${code}. It expires in ${minutes} minutes. Do not share it.`,
  codeWrong: 'That code is not right.',
  codeExpired: 'This code has expired. Ask for a new one.',
  codeTooManyAttempts: 'Too many wrong codes. Ask for a new one.',
  codeNone: 'Ask for a code first.',
  codeTooSoon: 'Wait a minute before asking for another code.',
  codeDailyLimit: 'You have asked for too many codes today. Try again tomorrow.',
  codeSendFailed: 'We could not send the code. Try again in a few minutes.',
  phoneVerified: 'Your number is verified.',
  verifiedAs: (phone: string) => `Verified: ${phone}`,
  removePhone: 'Remove number',
  phoneRemoved: 'Your number is removed; SMS and WhatsApp updates are off.',
  changePhone: 'Use another number',
  needsVerifiedPhone: 'Verify your mobile number first.',
  channelOff: (channel: string) => `${channel} messages are off on this server.`,
  outboxMode: (channel: string) => `${channel} is not configured here: messages are written to the local outbox.`,
  channelsSaved: 'Message channels saved',
  channelsFailed: 'Failed to save message channels',
  save: 'Save channels',
  /** Before the in-app text of the update (MSG.deliveries, MSG.orders, MSG.money): the SMS and the WhatsApp record. */
  smsPrefix: 'Jara: ',
} as const;
