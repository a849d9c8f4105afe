import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded SQLite file under data/', () => {
    const config = loadConfig({});
    expect(config.database.type).toBe('sqlite');
    expect(config.port).toBe(3333);
    expect(config.mail.smtpUrl).toBeNull();
    expect(config.corsOrigins).toEqual(['http://localhost:3000', 'http://localhost:4200']);
  });

  it('chooses MySQL or MariaDB from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/jara' }).database).toEqual({
      type: 'mysql',
      url: 'mysql://root@127.0.0.1:3306/jara',
    });
    expect(loadConfig({ DATABASE_URL: 'mariadb://root@db/jara' }).database).toEqual({
      type: 'mariadb',
      url: 'mysql://root@db/jara',
    });
  });

  it('lists every wrong setting in one clear error', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({
        API_PORT: 'eighty',
        DATABASE_URL: 'postgres://x/y',
        JWT_SECRET: 'short',
        SMTP_URL: 'http://mail',
        NODE_ENV: 'staging',
      });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.problems).toHaveLength(5);
    expect(error?.message).toContain('API_PORT must be an integer between 1 and 65535 (got "eighty")');
    expect(error?.message).toContain('DATABASE_URL must start with mysql://, mariadb:// or sqlite:');
    expect(error?.message).toContain('JWT_SECRET must be at least 32 characters long');
  });

  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('JWT_SECRET is required in production');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).jwt.secret).toBe('x'.repeat(40));
  });

  it('refuses CORS_ORIGINS=* in production and allows it elsewhere', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig({ ...prod, CORS_ORIGINS: '*' })).toThrow('CORS_ORIGINS cannot be "*" in production');
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
  });

  it('turns Google sign-in off without a client id and points every Google endpoint at GOOGLE_OAUTH_BASE_URL', () => {
    expect(loadConfig({}).google).toEqual({ clientId: null, baseUrl: null, timeoutMs: 10_000 });
    const config = loadConfig({
      GOOGLE_CLIENT_ID: '1234-abc.apps.googleusercontent.com',
      GOOGLE_OAUTH_BASE_URL: 'http://127.0.0.1:9999/',
    });
    expect(config.google).toEqual({
      clientId: '1234-abc.apps.googleusercontent.com',
      baseUrl: 'http://127.0.0.1:9999',
      timeoutMs: 10_000,
    });
    expect(() => loadConfig({ GOOGLE_OAUTH_BASE_URL: 'not a url' })).toThrow('GOOGLE_OAUTH_BASE_URL must be a URL');
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'a client id with spaces' })).toThrow(
      'GOOGLE_CLIENT_ID must look like',
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), GOOGLE_OAUTH_BASE_URL: 'http://fake.example' }),
    ).toThrow('GOOGLE_OAUTH_BASE_URL must start with https://');
  });

  it('trusts no proxy by default and reads TRUST_PROXY as a list of addresses, ranges and names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::/32 ,192.168.1.7' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.168.1.7',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('"true" would believe any client');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40,proxy.local' })).toThrow(
      'TRUST_PROXY entry "10.0.0.0/40" must be an IP address, a CIDR range',
    );
  });

  it('keeps rate-limit counters in memory unless REDIS_URL names a Redis server', () => {
    const config = loadConfig({});
    expect(config.redis.url).toBeNull();
    expect(config.rateLimit).toEqual({
      authLimit: 300,
      authTtlSeconds: 60,
      accountMaxFailures: 100,
      accountWindowSeconds: 3600,
      accountFreeFailures: 5,
      accountMaxDelaySeconds: 900,
    });
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      keyPrefix: 'jara:rl:',
    });
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrow('REDIS_URL must start with redis: or rediss:');
    expect(() => loadConfig({ AUTH_ACCOUNT_MAX_FAILURES: '0' })).toThrow(
      'AUTH_ACCOUNT_MAX_FAILURES must be an integer between 1',
    );
  });

  it('reads the abuse limits per scope: generous per-address defaults, env names per scope, bad values refused', () => {
    const { abuseLimits } = loadConfig({});
    expect(abuseLimits.support).toEqual({ account: 10, address: 200, windowSeconds: 3600 });
    expect(abuseLimits['guest-delivery']).toEqual({ account: 10, address: 100, windowSeconds: 3600 });
    for (const limit of Object.values(abuseLimits)) expect(limit.address).toBeGreaterThanOrEqual(100);
    const set = loadConfig({
      SUPPORT_RATE_LIMIT: '3',
      SUPPORT_RATE_ADDRESS_LIMIT: '30',
      SUPPORT_RATE_WINDOW: '60',
      GUEST_DELIVERY_LIMIT: '2',
    });
    expect(set.abuseLimits.support).toEqual({ account: 3, address: 30, windowSeconds: 60 });
    expect(set.abuseLimits['guest-delivery'].account).toBe(2);
    expect(set.abuseLimits.upload).toEqual(abuseLimits.upload);
    expect(() => loadConfig({ UPLOAD_RATE_ADDRESS_LIMIT: '0' })).toThrow(
      'UPLOAD_RATE_ADDRESS_LIMIT must be an integer between 1',
    );
  });

  it('reads the card refunds re-query: every 300 s after 30 min by default, 0 turns the job off, bad values refused', () => {
    expect(loadConfig({}).refunds).toEqual({ requeryAfterMinutes: 30, requeryIntervalSeconds: 300 });
    expect(loadConfig({ REFUND_REQUERY_AFTER_MINUTES: '5', REFUND_REQUERY_INTERVAL_SECONDS: '0' }).refunds).toEqual({
      requeryAfterMinutes: 5,
      requeryIntervalSeconds: 0,
    });
    expect(() => loadConfig({ REFUND_REQUERY_INTERVAL_SECONDS: '-1', REFUND_REQUERY_AFTER_MINUTES: 'soon' })).toThrow(
      /REFUND_REQUERY_AFTER_MINUTES[\s\S]*REFUND_REQUERY_INTERVAL_SECONDS/,
    );
  });

  it('reads Paystack and the exchange-rate service: defaults, test mode without a key, https only in production', () => {
    const config = loadConfig({});
    expect(config.paystack).toEqual({
      baseUrl: 'https://api.paystack.co',
      secretKey: null,
      testMode: true,
      timeoutMs: 15_000,
    });
    expect(config.exchangeRates).toEqual({
      baseUrl: 'https://v6.exchangerate-api.com/v6',
      apiKey: null,
      cacheSeconds: 3600,
      timeoutMs: 10_000,
    });
    expect(config.storefrontUrl).toBe('http://localhost:3000');
    expect(loadConfig({ STOREFRONT_URL: 'https://jara.ng/, https://www.jara.ng' }).storefrontUrl).toBe(
      'https://jara.ng',
    );
    const live = loadConfig({
      PAYSTACK_SECRET_KEY: 'sk_test_abc123',
      PAYSTACK_BASE_URL: 'http://127.0.0.1:9/',
      EXCHANGE_RATE_API_KEY: 'k-1',
      EXCHANGE_RATE_CACHE_SECONDS: '0',
    });
    expect(live.paystack).toMatchObject({
      baseUrl: 'http://127.0.0.1:9',
      secretKey: 'sk_test_abc123',
      testMode: false,
    });
    expect(live.exchangeRates).toMatchObject({ apiKey: 'k-1', cacheSeconds: 0 });
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    // Production never falls back to the free test checkout unless asked to.
    expect(loadConfig(prod).paystack.testMode).toBe(false);
    expect(loadConfig({ ...prod, PAYMENTS_TEST_MODE: 'true' }).paystack.testMode).toBe(true);
    expect(() => loadConfig({ ...prod, PAYSTACK_BASE_URL: 'http://fake.example' })).toThrow(
      'PAYSTACK_BASE_URL must start with https://',
    );
    expect(() => loadConfig({ ...prod, EXCHANGE_RATE_BASE_URL: 'http://fake.example' })).toThrow(
      'EXCHANGE_RATE_BASE_URL must start with https://',
    );
    expect(() => loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_abc123', PAYMENTS_TEST_MODE: 'true' })).toThrow(
      'PAYMENTS_TEST_MODE cannot be on',
    );
    expect(() => loadConfig({ EXCHANGE_RATE_CACHE_SECONDS: '-1' })).toThrow(
      'EXCHANGE_RATE_CACHE_SECONDS must be an integer',
    );
  });
});
