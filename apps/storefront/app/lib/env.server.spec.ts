import {
  assertStorefrontEnv,
  configuredSiteOrigins,
  sessionSecretFrom,
  StorefrontConfigError,
  storefrontEnvProblems,
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
});
