import { startFakePaystack, type FakePaystack } from './fake-paystack';
import { expectReconciled } from './reconcile';
import { startTestApp, type TestApp } from './test-app';

/** The API on a fresh database, talking to its own fake Paystack (the money-out suites, issue 24). */
export interface PaystackApp {
  t: TestApp;
  paystack: FakePaystack;
  /** POSTs a signed webhook as Paystack pushes it (the fake's builders give its exact body and signature). */
  webhook(hook: { body: string; signature: string }): ReturnType<ReturnType<TestApp['http']>['post']>;
  /** After the suite: the books must agree (reconcile finds nothing), then the app and the fake stop. */
  closeReconciled(): Promise<void>;
}

export async function startWithFakePaystack(env: Record<string, string> = {}): Promise<PaystackApp> {
  const paystack = await startFakePaystack();
  const t = await startTestApp({
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.url,
    ORDER_EXPIRY_INTERVAL_SECONDS: '0',
    ...env,
  });
  return {
    t,
    paystack,
    webhook: ({ body, signature }) =>
      t
        .http()
        .post('/api/v1/webhooks/paystack')
        .set('Content-Type', 'application/json')
        .set('x-paystack-signature', signature)
        .send(body),
    closeReconciled: async () => {
      try {
        await expectReconciled(t);
      } finally {
        await t.close();
        await paystack.close();
      }
    },
  };
}
