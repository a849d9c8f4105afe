import { expect, test } from '@playwright/test';
import { api, DEMO } from '../support/env';

test('the API under test is up on a fresh database with the demo accounts', async () => {
  const health = await api<{ status: string }>('/health');
  expect(health.status).toBe(200);
  expect(health.body.status).toBe('ok');
  const login = await api<{ user: { role: string } }>('/auth/login', {
    body: { email: DEMO.vendor.email, password: DEMO.vendor.password },
  });
  expect(login.status).toBe(200);
  expect(login.body.user.role).toBe('vendor');
});
