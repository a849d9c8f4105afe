import { contentSecurityPolicy, contentSecurityPolicyFor, newNonce, securityHeaders } from './security-headers.js';

const directives = (policy: string) =>
  new Map(
    policy.split('; ').map((part) => {
      const [name, ...values] = part.split(' ');
      return [name, values] as const;
    }),
  );

describe('storefront security headers', () => {
  it('makes a new 128-bit nonce each time', () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });

  it('runs only scripts with the page nonce (and what they load), never inline or eval', () => {
    const csp = directives(contentSecurityPolicy('abc123', {}));
    expect(csp.get('script-src')).toEqual(["'nonce-abc123'", "'strict-dynamic'", "'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://accounts.google.com', 'https://checkout.paystack.com']);
  });

  it('builds the same policy once per environment, with each page its own nonce (server.mjs)', () => {
    const env = {
      JARA_API_URL: 'http://localhost:4600/api/v1',
      PAYSTACK_CHECKOUT_URL: 'http://127.0.0.1:4503/checkout/x',
      LIVE_CHAT_ID: '64ab12cd34ef/1h5abcde',
    };
    const policyFor = contentSecurityPolicyFor(env);
    const [a, b] = [newNonce(), newNonce()];
    expect(policyFor(a)).toBe(contentSecurityPolicy(a, env));
    expect(policyFor(b)).toBe(contentSecurityPolicy(b, env));
    expect(directives(policyFor(a)).get('script-src')).toEqual([`'nonce-${a}'`, "'strict-dynamic'", "'self'"]);
    expect(contentSecurityPolicyFor({})('abc123')).toBe(contentSecurityPolicy('abc123', {}));
  });

  it('allows the plain-http API origin for pictures, the Google fake for sign-in, and the live chat when configured', () => {
    const csp = directives(
      contentSecurityPolicy('n', {
        JARA_API_URL: 'http://localhost:4600/api/v1',
        GOOGLE_OAUTH_BASE_URL: 'http://127.0.0.1:9999',
        LIVE_CHAT_ID: '64ab12cd34ef/1h5abcde',
      }),
    );
    expect(csp.get('img-src')).toContain('http://localhost:4600');
    expect(csp.get('form-action')).toContain('http://127.0.0.1:9999');
    // A local fake Paystack's hosted checkout (the browser journeys' second phase) replaces Paystack's.
    expect(
      directives(contentSecurityPolicy('n', { PAYSTACK_CHECKOUT_URL: 'http://127.0.0.1:4503/checkout/x' })).get(
        'form-action',
      ),
    ).toEqual(["'self'", 'https://accounts.google.com', 'http://127.0.0.1:4503']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://embed.tawk.to', 'https://*.tawk.to', 'wss://*.tawk.to']);
    expect(csp.get('frame-src')).toEqual(['https://embed.tawk.to', 'https://*.tawk.to']);
    // An https API needs nothing extra: img-src already takes https pictures.
    expect(
      directives(contentSecurityPolicy('n', { JARA_API_URL: 'https://api.jara.ng/api/v1' })).get('img-src'),
    ).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });

  it('sends HSTS only in production over https', () => {
    expect(securityHeaders({ production: true, https: true })['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(securityHeaders({ production: true, https: false })['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ production: false, https: true })).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    });
  });
});
