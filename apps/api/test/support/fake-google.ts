import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGoogleUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

/** A small local stand-in for Google's user-info endpoint: tokens map to profiles, anything else is 401. */
export async function startFakeGoogle(tokens: Record<string, FakeGoogleUser>): Promise<{ url: string; close: () => Promise<void>; calls: number }> {
  const state = { calls: 0 };
  const server: Server = createServer((req, res) => {
    state.calls++;
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const profile = token ? tokens[token] : undefined;
    if (req.url?.split('?')[0] !== '/oauth2/v3/userinfo' || !profile) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'invalid_request', error_description: 'Invalid Credentials' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(profile));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/userinfo`,
    get calls() {
      return state.calls;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
