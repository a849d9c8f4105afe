import {
  assertStorefrontEnv,
  configuredSiteOrigins,
  liveChatFrom,
  sessionSecretFrom,
  StorefrontConfigError,
  storefrontEnvProblems,
  uploadMaxBytesFrom,
} from './env.server';

const SECRET = 'a-real-session-secret-of-enough-length-0123';

describe('storefront environment check', () => {
  it('refuses to start in production without SESSION_SECRET', () => {
    expect(storefrontEnvProblems({ NODE_ENV: 'production' })).toEqual([
      'SESSION_SECRET is required in production (at least 32 characters)',
    ]);
    expect(storefrontEnvProblems({ NODE_ENV: 'production', SESSION_SECRET: '   ' })).toHaveLength(1);
    expect(() => assertStorefrontEnv({ NODE_ENV: 'production' })).toThrow(StorefrontConfigError);
    expect(() => assertStorefrontEnv({ NODE_ENV: 'production' })).toThrow(
      /Refusing to start[\s\S]*SESSION_SECRET is required in production/,
    );
  });

  it('refuses a short secret in production and accepts a real one', () => {
    expect(storefrontEnvProblems({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toEqual([
      'SESSION_SECRET must be at least 32 characters long',
    ]);
    expect(storefrontEnvProblems({ NODE_ENV: 'production', SESSION_SECRET: SECRET })).toEqual([]);
    expect(() => assertStorefrontEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET })).not.toThrow();
    expect(sessionSecretFrom({ NODE_ENV: 'production', SESSION_SECRET: SECRET })).toBe(SECRET);
  });

  it('never hands out the development secret in production', () => {
    expect(() => sessionSecretFrom({ NODE_ENV: 'production' })).toThrow(StorefrontConfigError);
  });

  it('keeps the development fallback outside production', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(storefrontEnvProblems({})).toEqual([]);
    expect(storefrontEnvProblems({ NODE_ENV: 'development' })).toEqual([]);
    expect(sessionSecretFrom({ NODE_ENV: 'development' })).toMatch(/dev/);
    warn.mockRestore();
  });

  it('reads STOREFRONT_URL and PUBLIC_URL as origin lists and names a wrong entry', () => {
    expect(
      configuredSiteOrigins({
        STOREFRONT_URL: 'https://jara.ng/',
        PUBLIC_URL: 'https://www.jara.ng, https://jara.ng/shop',
      }),
    ).toEqual(['https://jara.ng', 'https://www.jara.ng']);
    expect(storefrontEnvProblems({ PUBLIC_URL: 'jara.ng' })).toEqual([
      'PUBLIC_URL entry "jara.ng" must be an http(s) URL such as https://shop.example.ng',
    ]);
  });

  it('loads the live-chat widget only when LIVE_CHAT_ID is set, from an https script URL', () => {
    expect(liveChatFrom({})).toBeNull();
    expect(liveChatFrom({ LIVE_CHAT_ID: '  ' })).toBeNull();
    expect(liveChatFrom({ LIVE_CHAT_ID: '64ab12cd/1h5abc' })).toEqual({ src: 'https://embed.tawk.to/64ab12cd/1h5abc' });
    expect(
      liveChatFrom({ LIVE_CHAT_ID: 'abc', LIVE_CHAT_SRC: 'https://chat.example.com/widget.js?site={id}' }),
    ).toEqual({
      src: 'https://chat.example.com/widget.js?site=abc',
    });
    expect(storefrontEnvProblems({ LIVE_CHAT_ID: 'abc"><script>' })).toHaveLength(1);
    expect(liveChatFrom({ LIVE_CHAT_ID: 'abc"><script>' })).toBeNull();
    expect(storefrontEnvProblems({ LIVE_CHAT_ID: '../x' })).toHaveLength(1);
    expect(storefrontEnvProblems({ LIVE_CHAT_ID: 'abc', LIVE_CHAT_SRC: 'not a url {id}' })).toHaveLength(1);
    expect(
      storefrontEnvProblems({
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        LIVE_CHAT_ID: 'abc',
        LIVE_CHAT_SRC: 'http://chat.example.com/{id}.js',
      }),
    ).toEqual(['LIVE_CHAT_SRC "http://chat.example.com/{id}.js" must be an https URL in production']);
    expect(liveChatFrom({ LIVE_CHAT_ID: 'abc', LIVE_CHAT_SRC: 'javascript:alert({id})' })).toBeNull();
  });

  it('reads UPLOAD_MAX_BYTES like the API (default 5 MiB)', () => {
    expect(uploadMaxBytesFrom({})).toBe(5 * 1024 * 1024);
    expect(uploadMaxBytesFrom({ UPLOAD_MAX_BYTES: '2097152' })).toBe(2097152);
    expect(uploadMaxBytesFrom({ UPLOAD_MAX_BYTES: 'lots' })).toBe(5 * 1024 * 1024);
  });
});
