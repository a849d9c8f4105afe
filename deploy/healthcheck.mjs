// Health check of the Jara images (Dockerfile HEALTHCHECK and docker-compose.yml): exits 0 when the URL answers
// 2xx within the time limit, 1 otherwise, with the reason on stderr (shown by `docker inspect`). Plain Node, so the
// slim images need neither curl nor wget.
//   node deploy/healthcheck.mjs <url> [timeout-ms, default 4000]
const [url, timeoutMs = '4000'] = process.argv.slice(2);
if (!url) {
  console.error('usage: node healthcheck.mjs <url> [timeout-ms]');
  process.exit(2);
}
try {
  const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(Number(timeoutMs)) });
  if (!res.ok) console.error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  process.exit(res.ok ? 0 : 1);
} catch (error) {
  console.error(`${url} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
