import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { loadProblemQueue, type ProblemQueueSettings } from './problem-queue';
import { MESSAGE_TOPICS, type MessageTopic } from '@jara/contracts';

/** Every setting of the API, read once from the environment and validated at boot. See .env.example. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { type: 'sqlite'; path: string } | { type: 'mysql' | 'mariadb'; url: string };
  jwt: { secret: string; expiresIn: number };
  corsOrigins: string[];
  mail: { smtpUrl: string | null; from: string; outboxDir: string; logCodes: boolean };
  /**
   * Google sign-in. clientId null: Google sign-in is off (the route answers a clear 400).
   * baseUrl null: Google's own endpoints; set (tests, a local fake): every endpoint under that origin.
   */
  google: { clientId: string | null; baseUrl: string | null; timeoutMs: number };
  /**
   * authLimit per authTtlSeconds: requests per client address on the /auth routes (generous: carrier-grade NAT).
   * account*: failed password or code attempts per account (see LoginThrottle).
   */
  rateLimit: {
    authLimit: number;
    authTtlSeconds: number;
    accountMaxFailures: number;
    accountWindowSeconds: number;
    accountFreeFailures: number;
    accountMaxDelaySeconds: number;
  };
  /** Proxies whose X-Forwarded-For is believed (Express 'trust proxy'): addresses, CIDRs, loopback...; false: none. */
  trustProxy: false | string[];
  /** Redis for the rate-limit counters, shared by every API instance; null keeps them in memory. */
  redis: { url: string | null; keyPrefix: string };
  /** dir: public media (served by /media); privateDir: identity documents, never served by a public route. */
  uploads: { dir: string; privateDir: string; maxBytes: number };
  /**
   * s3: an S3-compatible bucket for media and identity documents (S3_BUCKET set), shared by every API instance;
   * null keeps them in the two folders of `uploads`. The bucket stays private: the API serves every object.
   */
  storage: {
    s3: {
      bucket: string;
      region: string;
      endpoint: string | null;
      accessKeyId: string | null;
      secretAccessKey: string | null;
      forcePathStyle: boolean;
    } | null;
  };
  requestLog: boolean;
  /** How long a proxy, CDN or the storefront may keep an anonymous public catalogue answer (0: always revalidate). */
  publicCacheSeconds: number;
  migrationsRun: boolean;
  /** Most verbose Nest log level printed: log, warn or error. */
  logLevel: 'log' | 'warn' | 'error';
  /** json: one JSON object per line (pino), for log collectors; text: Nest's readable lines. */
  logFormat: 'json' | 'text';
  /** The storefront's canonical public URL (the first STOREFRONT_URL): payment callbacks and the test checkout. */
  storefrontUrl: string;
  /**
   * Paystack. secretKey set: the real gateway at baseUrl (https only in production). Unset: test mode (a local
   * checkout page, no money moves), except in production, where test mode needs PAYMENTS_TEST_MODE=true and
   * card payments are otherwise off (503).
   */
  paystack: { baseUrl: string; secretKey: string | null; testMode: boolean; timeoutMs: number };
  /** Dedicated virtual accounts (issue 24): the bank Paystack opens them at (PAYSTACK_DEDICATED_BANK, a slug). */
  dedicatedAccounts: { preferredBank: string };
  /** The exchange-rate service (ExchangeRate-API style); apiKey null: live rates are off (503). */
  exchangeRates: { baseUrl: string; apiKey: string | null; cacheSeconds: number; timeoutMs: number };
  /**
   * The outbox (docs/decisions/028-outbox.md): how often an instance looks for events not yet delivered (a crash
   * between a commit and its delivery; a listener that failed), in milliseconds; 0: never (delivery right after the
   * commit still happens).
   */
  outbox: { intervalMs: number };
  /**
   * Orders. commissionBps: the marketplace's share of each line (1000 = 10%). paymentWindowMinutes: an unpaid order
   * is cancelled and its stock returned after this long. expiryIntervalSeconds: how often the API looks (0: never; the
   * CLI's release-unpaid-orders does it on demand). bankTransfer: the account bank-transfer buyers pay into.
   */
  orders: {
    commissionBps: number;
    paymentWindowMinutes: number;
    /** Bank-transfer orders wait this long for the money (a weekend is longer than a card's window; decision 022). */
    transferWindowMinutes: number;
    /** A buyer may ask a return this many days after receipt; vendors' sale credits are held until then (decision 023). */
    returnWindowDays: number;
    expiryIntervalSeconds: number;
    bankTransfer: { bankName: string; accountName: string; accountNumber: string };
  };
  /**
   * Abuse limits (AbuseLimitGuard, @AbuseLimit(scope)): per scope, at most `account` requests per window per account
   * (the signed-in user; the e-mail for code resends; the phone for guest shipping requests) and `address` per client
   * address. Admins are not limited. See docs/decisions/018-abuse-limits-and-headers.md.
   */
  abuseLimits: Record<AbuseScope, AbuseLimitSetting>;
  /**
   * Vendor payouts (issue 24, docs/decisions/037-payout-policy.md), amounts in kobo: the smallest withdrawal, Jara's
   * fee per withdrawal, the largest sent without an admin's approval; a changed payout account waits
   * accountChangeHoldHours; a transfer processing longer than requeryAfterMinutes is asked about again, every
   * requeryIntervalSeconds (0: never; the CLI's requery-payouts does it on demand).
   */
  payouts: {
    minMinor: number;
    feeMinor: number;
    autoApproveMaxMinor: number;
    accountChangeHoldHours: number;
    requeryAfterMinutes: number;
    requeryIntervalSeconds: number;
  };
  /**
   * Card refunds (issue 24, docs/decisions/038): one pending at Paystack longer than requeryAfterMinutes is asked
   * about (GET /refund/{id}, never sent again), every requeryIntervalSeconds (0: never; the CLI's requery-refunds
   * does it on demand).
   */
  /** The problem queue's thresholds (issue 26): problem-queue.ts. */
  problemQueue: ProblemQueueSettings;
  refunds: {
    requeryAfterMinutes: number;
    requeryIntervalSeconds: number;
  };
  /**
   * SMS and WhatsApp status updates (issue 26, docs/decisions/043-sms-and-whatsapp.md). sms: a Termii-style gateway
   * (POST {baseUrl}/api/sms/send); whatsapp: the Cloud API's message templates. A channel is `live` with its keys,
   * `outbox` without them outside production (written to the local outbox folder and table, never sent), `off` in
   * production without them. Messages failing with a 5xx or a timeout are retried every intervalMs (0: never) with a
   * backoff, at most maxAttempts times; dailyCap*: messages per user per Lagos day beyond which they are skipped.
   */
  messaging: {
    sms: {
      mode: 'live' | 'outbox' | 'off';
      baseUrl: string;
      apiKey: string | null;
      senderId: string;
      channel: 'generic' | 'dnd';
      dailyCap: number;
    };
    whatsapp: {
      mode: 'live' | 'outbox' | 'off';
      baseUrl: string;
      apiVersion: string;
      phoneNumberId: string | null;
      token: string | null;
      /** The approved template of each topic (WHATSAPP_TEMPLATE is the delivery's, as before). */
      templates: Record<MessageTopic, string>;
      language: string;
      dailyCap: number;
    };
    timeoutMs: number;
    intervalMs: number;
    maxAttempts: number;
    code: { ttlMinutes: number; maxAttempts: number; resendSeconds: number; perDay: number };
  };
}

/** The routes with an abuse limit (each counts on its own). */
export const ABUSE_SCOPES = [
  'code-resend',
  'guest-delivery',
  'support',
  'support-message',
  'contact',
  'newsletter',
  'review',
  'upload',
  'tracking-lookup',
  'guest-link',
] as const;
export type AbuseScope = (typeof ABUSE_SCOPES)[number];
export interface AbuseLimitSetting {
  /** Requests per window per account (or e-mail, or phone). */
  account: number;
  /** Requests per window per client address (generous: carrier-grade NAT puts many people behind one address). */
  address: number;
  windowSeconds: number;
}

/**
 * Env names and defaults: <PREFIX>_RATE_LIMIT (per account), <PREFIX>_RATE_ADDRESS_LIMIT (per address) and
 * <PREFIX>_RATE_WINDOW (seconds). Guest shipping requests keep their earlier names (GUEST_DELIVERY_LIMIT ...).
 */
const ABUSE_LIMIT_ENV: Record<AbuseScope, { names: [string, string, string]; defaults: [number, number, number] }> = {
  'code-resend': {
    names: ['OTP_RESEND_RATE_LIMIT', 'OTP_RESEND_RATE_ADDRESS_LIMIT', 'OTP_RESEND_RATE_WINDOW'],
    defaults: [10, 200, 3600],
  },
  'guest-delivery': {
    names: ['GUEST_DELIVERY_LIMIT', 'GUEST_DELIVERY_ADDRESS_LIMIT', 'GUEST_DELIVERY_WINDOW'],
    defaults: [10, 100, 3600],
  },
  support: {
    names: ['SUPPORT_RATE_LIMIT', 'SUPPORT_RATE_ADDRESS_LIMIT', 'SUPPORT_RATE_WINDOW'],
    defaults: [10, 200, 3600],
  },
  'support-message': {
    names: ['SUPPORT_MESSAGE_RATE_LIMIT', 'SUPPORT_MESSAGE_RATE_ADDRESS_LIMIT', 'SUPPORT_MESSAGE_RATE_WINDOW'],
    defaults: [60, 1000, 3600],
  },
  contact: {
    names: ['CONTACT_RATE_LIMIT', 'CONTACT_RATE_ADDRESS_LIMIT', 'CONTACT_RATE_WINDOW'],
    defaults: [5, 200, 3600],
  },
  newsletter: {
    names: ['NEWSLETTER_RATE_LIMIT', 'NEWSLETTER_RATE_ADDRESS_LIMIT', 'NEWSLETTER_RATE_WINDOW'],
    defaults: [10, 200, 3600],
  },
  review: {
    names: ['REVIEW_RATE_LIMIT', 'REVIEW_RATE_ADDRESS_LIMIT', 'REVIEW_RATE_WINDOW'],
    defaults: [30, 500, 3600],
  },
  upload: {
    names: ['UPLOAD_RATE_LIMIT', 'UPLOAD_RATE_ADDRESS_LIMIT', 'UPLOAD_RATE_WINDOW'],
    defaults: [120, 1000, 3600],
  },
  // The public lookup by tracking number: per client address (a signed-in caller also per account).
  'tracking-lookup': {
    names: ['TRACKING_LOOKUP_RATE_LIMIT', 'TRACKING_LOOKUP_RATE_ADDRESS_LIMIT', 'TRACKING_LOOKUP_RATE_WINDOW'],
    defaults: [120, 300, 3600],
  },
  // A guest's confirm and pay links (decision 032): per client address; tokens are not to be guessed in bulk.
  'guest-link': {
    names: ['GUEST_LINK_RATE_LIMIT', 'GUEST_LINK_RATE_ADDRESS_LIMIT', 'GUEST_LINK_RATE_WINDOW'],
    defaults: [60, 120, 3600],
  },
};

/** The per-account and per-address env names of every abuse-limit scope (tests set them out of reach). */
export const ABUSE_LIMIT_COUNT_NAMES: readonly string[] = Object.values(ABUSE_LIMIT_ENV).flatMap(({ names }) => [
  names[0],
  names[1],
]);

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEV_JWT_SECRET = 'jara-development-secret-change-me-in-production-0000';

type Env = Record<string, string | undefined>;

/** Reads and validates the configuration; throws a ConfigError that lists every wrong setting. */
export function loadConfig(env: Env = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const problems: string[] = [];
  const str = (key: string, fallback: string) => {
    const value = env[key];
    return value === undefined || value.trim() === '' ? fallback : value.trim();
  };
  const int = (key: string, fallback: number, min: number, max: number) => {
    const raw = env[key];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${key} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (key: string, fallback: boolean) => {
    const raw = env[key];
    if (raw === undefined || raw.trim() === '') return fallback;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    problems.push(`${key} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (key: string, fallback: string, protocols: string[], pick: (raw: string) => string = (raw) => raw) => {
    const value = pick(str(key, fallback));
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) problems.push(`${key} must start with ${protocols.join(' or ')}//`);
    } catch {
      problems.push(`${key} must be a URL (got "${value}")`);
    }
    return value;
  };

  const nodeEnvRaw = str('NODE_ENV', 'development');
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    problems.push(`NODE_ENV must be development, production or test (got "${nodeEnvRaw}")`);
  }
  const nodeEnv = (
    ['development', 'production', 'test'].includes(nodeEnvRaw) ? nodeEnvRaw : 'development'
  ) as AppConfig['nodeEnv'];
  const port = int('API_PORT', 3333, 1, 65535);
  const host = str('API_HOST', '0.0.0.0');
  const publicUrl = url('API_PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']).replace(/\/+$/, '');
  const dataDir = resolve(str('DATA_DIR', 'data'));

  let database: AppConfig['database'] = { type: 'sqlite', path: resolve(dataDir, 'jara.sqlite') };
  const dbUrl = env.DATABASE_URL?.trim();
  if (dbUrl) {
    if (/^(mysql|mariadb):\/\//i.test(dbUrl)) {
      try {
        const parsed = new URL(dbUrl);
        if (!parsed.pathname || parsed.pathname === '/')
          problems.push('DATABASE_URL must name a database, e.g. mysql://root@127.0.0.1:3306/jara');
        database = { type: /^mariadb:/i.test(dbUrl) ? 'mariadb' : 'mysql', url: dbUrl.replace(/^mariadb:/i, 'mysql:') };
      } catch {
        problems.push('DATABASE_URL is not a valid URL');
      }
    } else if (/^sqlite:/i.test(dbUrl)) {
      const path = dbUrl.replace(/^sqlite:(\/\/)?/i, '');
      database = { type: 'sqlite', path: path === ':memory:' ? path : resolve(path) };
    } else {
      problems.push(
        'DATABASE_URL must start with mysql://, mariadb:// or sqlite: (leave it unset for the embedded SQLite file)',
      );
    }
  }

  let secret = env.JWT_SECRET?.trim() ?? '';
  if (!secret) {
    if (nodeEnv === 'production') problems.push('JWT_SECRET is required in production (at least 32 characters)');
    secret = DEV_JWT_SECRET;
  } else if (secret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long');
  }
  const expiresIn = int('JWT_EXPIRES_IN', 24 * 60 * 60, 60, 60 * 60 * 24 * 90);

  const corsOrigins = str('CORS_ORIGINS', 'http://localhost:3000,http://localhost:4200')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    // "*" (any site) is for local experiments only: production names the storefront and back-office origins.
    if (origin === '*' && nodeEnv === 'production')
      problems.push('CORS_ORIGINS cannot be "*" in production: list the storefront and back-office origins');
    else if (origin !== '*' && !/^https?:\/\/[^/]+$/.test(origin))
      problems.push(`CORS_ORIGINS entry "${origin}" must look like http://host:port`);
  }

  const smtpUrl = env.SMTP_URL?.trim() ? url('SMTP_URL', '', ['smtp:', 'smtps:']) : null;
  const mail = {
    smtpUrl,
    from: str('MAIL_FROM', 'Jara <no-reply@jara.local>'),
    outboxDir: resolve(str('MAIL_OUTBOX_DIR', resolve(dataDir, 'outbox'))),
    logCodes: bool('MAIL_LOG_CODES', nodeEnv !== 'production'),
  };
  const googleBase = env.GOOGLE_OAUTH_BASE_URL?.trim()
    ? url('GOOGLE_OAUTH_BASE_URL', '', nodeEnv === 'production' ? ['https:'] : ['http:', 'https:']).replace(/\/+$/, '')
    : null;
  const googleClientId = env.GOOGLE_CLIENT_ID?.trim() || null;
  if (googleClientId && !/^[\w.-]+$/.test(googleClientId))
    problems.push('GOOGLE_CLIENT_ID must look like 1234-abc.apps.googleusercontent.com');
  const google = {
    clientId: googleClientId,
    baseUrl: googleBase,
    timeoutMs: int('GOOGLE_TIMEOUT_MS', 10_000, 100, 120_000),
  };
  const rateLimit = {
    authLimit: int('AUTH_RATE_LIMIT', 300, 1, 1_000_000),
    authTtlSeconds: int('AUTH_RATE_TTL', 60, 1, 86_400),
    accountMaxFailures: int('AUTH_ACCOUNT_MAX_FAILURES', 100, 1, 1_000_000),
    accountWindowSeconds: int('AUTH_ACCOUNT_WINDOW', 3600, 1, 7 * 86_400),
    accountFreeFailures: int('AUTH_ACCOUNT_FREE_FAILURES', 5, 0, 1000),
    accountMaxDelaySeconds: int('AUTH_ACCOUNT_MAX_DELAY', 900, 0, 86_400),
  };
  const trustProxy = parseTrustProxy(str('TRUST_PROXY', 'false'), problems);
  const redis = {
    url: env.REDIS_URL?.trim() ? url('REDIS_URL', '', ['redis:', 'rediss:']) : null,
    keyPrefix: str('REDIS_KEY_PREFIX', 'jara:rl:'),
  };
  const uploads = {
    dir: resolve(str('UPLOAD_DIR', resolve(dataDir, 'uploads'))),
    privateDir: resolve(str('PRIVATE_UPLOAD_DIR', resolve(dataDir, 'private'))),
    maxBytes: int('UPLOAD_MAX_BYTES', 5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
  };

  const bucket = env.S3_BUCKET?.trim();
  const storage: AppConfig['storage'] = {
    s3: bucket
      ? {
          bucket,
          region: str('S3_REGION', 'us-east-1'),
          endpoint: env.S3_ENDPOINT?.trim() ? url('S3_ENDPOINT', '', ['http:', 'https:']) : null,
          accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || null,
          forcePathStyle: bool('S3_FORCE_PATH_STYLE', !!env.S3_ENDPOINT?.trim()),
        }
      : null,
  };

  const httpsOnly = nodeEnv === 'production' ? ['https:'] : ['http:', 'https:'];
  // STOREFRONT_URL may list several public origins (the storefront reads them all); the first is canonical.
  const storefrontUrl = url('STOREFRONT_URL', 'http://localhost:3000', ['http:', 'https:'], (value) =>
    value.split(',')[0].trim(),
  ).replace(/\/+$/, '');
  const paystackSecretKey = env.PAYSTACK_SECRET_KEY?.trim() || null;
  if (paystackSecretKey && !/^[\w-]{8,200}$/.test(paystackSecretKey))
    problems.push('PAYSTACK_SECRET_KEY must look like sk_live_... or sk_test_...');
  const paymentsTestMode = bool('PAYMENTS_TEST_MODE', nodeEnv !== 'production');
  if (paystackSecretKey && env.PAYMENTS_TEST_MODE?.trim() && paymentsTestMode) {
    problems.push('PAYMENTS_TEST_MODE cannot be on while PAYSTACK_SECRET_KEY is set (unset one of them)');
  }
  const paystack = {
    baseUrl: url('PAYSTACK_BASE_URL', 'https://api.paystack.co', httpsOnly).replace(/\/+$/, ''),
    secretKey: paystackSecretKey,
    testMode: !paystackSecretKey && paymentsTestMode,
    timeoutMs: int('PAYSTACK_TIMEOUT_MS', 15_000, 100, 120_000),
  };
  const exchangeRateKey = env.EXCHANGE_RATE_API_KEY?.trim() || null;
  if (exchangeRateKey && !/^[\w-]{1,200}$/.test(exchangeRateKey))
    problems.push('EXCHANGE_RATE_API_KEY must be letters, digits, dashes or underscores');
  const exchangeRates = {
    baseUrl: url('EXCHANGE_RATE_BASE_URL', 'https://v6.exchangerate-api.com/v6', httpsOnly).replace(/\/+$/, ''),
    apiKey: exchangeRateKey,
    cacheSeconds: int('EXCHANGE_RATE_CACHE_SECONDS', 3600, 0, 7 * 86_400),
    timeoutMs: int('EXCHANGE_RATE_TIMEOUT_MS', 10_000, 100, 120_000),
  };

  const orders = {
    commissionBps: int('ORDER_COMMISSION_BPS', 1000, 0, 10_000),
    paymentWindowMinutes: int('ORDER_PAYMENT_WINDOW_MINUTES', 1440, 1, 30 * 1440),
    transferWindowMinutes: int('ORDER_TRANSFER_WINDOW_MINUTES', 72 * 60, 1, 30 * 1440),
    returnWindowDays: int('ORDER_RETURN_WINDOW_DAYS', 7, 0, 365),
    expiryIntervalSeconds: int('ORDER_EXPIRY_INTERVAL_SECONDS', 60, 0, 86_400),
    bankTransfer: {
      bankName: str('BANK_TRANSFER_BANK_NAME', 'Providus Bank'),
      accountName: str('BANK_TRANSFER_ACCOUNT_NAME', 'Jara Commerce Ltd'),
      accountNumber: str('BANK_TRANSFER_ACCOUNT_NUMBER', '0000000000'),
    },
  };

  const payouts = {
    minMinor: int('PAYOUT_MIN_NAIRA', 1000, 1, 10_000_000) * 100,
    feeMinor: int('PAYOUT_FEE_NAIRA', 50, 0, 100_000) * 100,
    autoApproveMaxMinor: int('PAYOUT_AUTO_APPROVE_MAX_NAIRA', 50_000, 0, 100_000_000) * 100,
    accountChangeHoldHours: int('PAYOUT_ACCOUNT_CHANGE_HOLD_HOURS', 24, 0, 30 * 24),
    requeryAfterMinutes: int('PAYOUT_REQUERY_AFTER_MINUTES', 30, 0, 7 * 1440),
    requeryIntervalSeconds: int('PAYOUT_REQUERY_INTERVAL_SECONDS', 300, 0, 86_400),
  };

  const refunds = {
    requeryAfterMinutes: int('REFUND_REQUERY_AFTER_MINUTES', 30, 0, 7 * 1440),
    requeryIntervalSeconds: int('REFUND_REQUERY_INTERVAL_SECONDS', 300, 0, 86_400),
  };

  const smsKey = env.SMS_API_KEY?.trim() || null;
  const waToken = env.WHATSAPP_TOKEN?.trim() || null;
  const waPhoneId = env.WHATSAPP_PHONE_NUMBER_ID?.trim() || null;
  if (waPhoneId && !/^\d{1,30}$/.test(waPhoneId)) problems.push('WHATSAPP_PHONE_NUMBER_ID must be digits');
  if (!!waToken !== !!waPhoneId) problems.push('WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set together');
  const offline = nodeEnv === 'production' ? 'off' : 'outbox';
  const smsChannel = str('SMS_CHANNEL', 'generic');
  if (smsChannel !== 'generic' && smsChannel !== 'dnd') problems.push('SMS_CHANNEL must be generic or dnd');
  const messaging: AppConfig['messaging'] = {
    sms: {
      mode: smsKey ? 'live' : offline,
      baseUrl: url('SMS_BASE_URL', 'https://api.ng.termii.com', httpsOnly).replace(/\/+$/, ''),
      apiKey: smsKey,
      senderId: str('SMS_SENDER_ID', 'Jara'),
      channel: smsChannel === 'dnd' ? 'dnd' : 'generic',
      dailyCap: int('SMS_DAILY_CAP_PER_USER', 10, 0, 1000),
    },
    whatsapp: {
      mode: waToken && waPhoneId ? 'live' : offline,
      baseUrl: url('WHATSAPP_BASE_URL', 'https://graph.facebook.com', httpsOnly).replace(/\/+$/, ''),
      apiVersion: str('WHATSAPP_API_VERSION', 'v21.0'),
      phoneNumberId: waPhoneId,
      token: waToken,
      templates: {
        delivery: str('WHATSAPP_TEMPLATE', 'delivery_status_update'),
        order: str('WHATSAPP_TEMPLATE_ORDER', 'order_status_update'),
        invoice_issued: str('WHATSAPP_TEMPLATE_INVOICE_ISSUED', 'invoice_issued'),
        invoice_paid: str('WHATSAPP_TEMPLATE_INVOICE_PAID', 'invoice_paid'),
      },
      language: str('WHATSAPP_TEMPLATE_LANGUAGE', 'en'),
      dailyCap: int('WHATSAPP_DAILY_CAP_PER_USER', 10, 0, 1000),
    },
    timeoutMs: int('MESSAGES_TIMEOUT_MS', 10_000, 100, 120_000),
    intervalMs: int('MESSAGES_INTERVAL_MS', 10_000, 0, 3_600_000),
    maxAttempts: int('MESSAGES_MAX_ATTEMPTS', 6, 1, 50),
    code: {
      ttlMinutes: int('PHONE_CODE_TTL_MINUTES', 10, 1, 1440),
      maxAttempts: int('PHONE_CODE_MAX_ATTEMPTS', 5, 1, 100),
      resendSeconds: int('PHONE_CODE_RESEND_SECONDS', 60, 0, 86_400),
      perDay: int('PHONE_CODES_PER_DAY', 5, 1, 1000),
    },
  };
  if (!/^v\d+(\.\d+)?$/.test(messaging.whatsapp.apiVersion)) problems.push('WHATSAPP_API_VERSION must look like v21.0');
  const templateEnv: Record<MessageTopic, string> = {
    delivery: 'WHATSAPP_TEMPLATE',
    order: 'WHATSAPP_TEMPLATE_ORDER',
    invoice_issued: 'WHATSAPP_TEMPLATE_INVOICE_ISSUED',
    invoice_paid: 'WHATSAPP_TEMPLATE_INVOICE_PAID',
  };
  for (const topic of MESSAGE_TOPICS)
    if (!/^[a-z0-9_]{1,100}$/.test(messaging.whatsapp.templates[topic]))
      problems.push(`${templateEnv[topic]} must be a template name (lowercase letters, digits, underscores)`);

  const abuseLimits = Object.fromEntries(
    ABUSE_SCOPES.map((scope) => {
      const { names, defaults } = ABUSE_LIMIT_ENV[scope];
      return [
        scope,
        {
          account: int(names[0], defaults[0], 1, 1_000_000),
          address: int(names[1], defaults[1], 1, 1_000_000),
          windowSeconds: int(names[2], defaults[2], 1, 7 * 86_400),
        },
      ];
    }),
  ) as Record<AbuseScope, AbuseLimitSetting>;

  const config: AppConfig = {
    nodeEnv,
    port,
    host,
    publicUrl,
    dataDir,
    database,
    jwt: { secret, expiresIn },
    corsOrigins,
    mail,
    google,
    rateLimit,
    trustProxy,
    redis,
    uploads,
    storage,
    requestLog: bool('REQUEST_LOG', nodeEnv !== 'test'),
    publicCacheSeconds: int('PUBLIC_CACHE_SECONDS', 30, 0, 3600),
    migrationsRun: bool('MIGRATIONS_RUN', true),
    logLevel: logLevel(str('LOG_LEVEL', 'log'), problems),
    logFormat: oneOfFormat(str('LOG_FORMAT', nodeEnv === 'production' ? 'json' : 'text'), problems),
    storefrontUrl,
    paystack,
    dedicatedAccounts: { preferredBank: dedicatedBank(str('PAYSTACK_DEDICATED_BANK', 'wema-bank'), problems) },
    exchangeRates,
    orders,
    outbox: { intervalMs: int('OUTBOX_INTERVAL_MS', 5000, 0, 3_600_000) },
    abuseLimits,
    payouts,
    refunds,
    messaging,
    problemQueue: loadProblemQueue(env, problems),
    ...overrides,
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** PAYSTACK_DEDICATED_BANK: a Paystack bank slug (wema-bank, titan-paystack, test-bank). */
function dedicatedBank(raw: string, problems: string[]): string {
  const value = raw.trim().toLowerCase();
  if (!/^[a-z0-9-]{2,50}$/.test(value)) problems.push('PAYSTACK_DEDICATED_BANK must be a bank slug such as wema-bank');
  return value;
}

const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: false (default), or a comma list of IP addresses, CIDR ranges and loopback/linklocal/uniquelocal. */
function parseTrustProxy(raw: string, problems: string[]): AppConfig['trustProxy'] {
  if (/^(0|false|no|off|none)$/i.test(raw)) return false;
  if (/^(1|true|yes|on|\*)$/i.test(raw)) {
    problems.push(
      'TRUST_PROXY must list the proxies to trust (e.g. loopback or 10.0.0.0/8): "true" would believe any client\'s X-Forwarded-For',
    );
    return false;
  }
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (TRUST_PROXY_NAMES.includes(entry)) continue;
    const [address, bits, ...rest] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    if (!version || rest.length || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits))) {
      problems.push(
        `TRUST_PROXY entry "${entry}" must be an IP address, a CIDR range (e.g. 10.0.0.0/8), loopback, linklocal or uniquelocal`,
      );
    }
  }
  return entries.length ? entries : false;
}

function logLevel(value: string, problems: string[]): AppConfig['logLevel'] {
  if (value === 'log' || value === 'warn' || value === 'error') return value;
  problems.push(`LOG_LEVEL must be log, warn or error (got "${value}")`);
  return 'log';
}

/** Injection token for the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');

function oneOfFormat(raw: string, problems: string[]): 'json' | 'text' {
  if (raw === 'json' || raw === 'text') return raw;
  problems.push(`LOG_FORMAT must be json or text (got "${raw}")`);
  return 'text';
}
