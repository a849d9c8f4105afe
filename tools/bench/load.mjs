// The load generator, run by run.mjs as its own process (pinned to core 1): a warm-up, then the measured
// autocannon run at fixed concurrency. Prints one JSON line with the figures.
//   node tools/bench/load.mjs '{"url":"http://127.0.0.1:4710/api/v1/...","connections":50,"duration":10,"warmup":3,"headers":{}}'
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
const base = { url: opts.url, connections: opts.connections, headers: opts.headers ?? {}, timeout: opts.timeout ?? 10 };

if (opts.warmup > 0) await autocannon({ ...base, duration: opts.warmup });
const r = await autocannon({ ...base, duration: opts.duration });
const ok = r['2xx'] ?? 0;
process.stdout.write(
  JSON.stringify({
    rps: r.requests.average,
    okPerSecond: ok / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    total: r.requests.total,
    ok,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    duration: r.duration,
  }) + '\n',
);
