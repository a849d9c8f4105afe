// Reads a V8 CPU profile (node --cpu-prof, e.g. `npm run bench -- --checkout --cpu-prof DIR`) and prints where the
// sampled time went: self time by package (node_modules/<name>), by file of the API (dist/server/...), by Node's own
// modules, and the busiest functions. Usage: node tools/bench/cpu-profile.mjs FILE.cpuprofile [groups=30]
import { readFileSync } from 'node:fs';

const [file, top = '30'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node tools/bench/cpu-profile.mjs FILE.cpuprofile [groups]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** Where a frame belongs: a package, a file of the API, a Node module, or V8's own entries ((idle), (garbage collector)). */
function group(url, name) {
  if (!url) return name.startsWith('(') ? name : `(native) ${name}`;
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const app = /dist\/server\/(.*)/.exec(url);
  return app ? `app ${app[1]}` : url;
}

const groups = new Map();
const functions = new Map();
for (const [id, time] of self) {
  const frame = nodes.get(id).callFrame;
  const name = frame.functionName || '(anonymous)';
  const g = group(frame.url, name);
  groups.set(g, (groups.get(g) ?? 0) + time);
  const f = `${name} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
  functions.set(f, (functions.get(f) ?? 0) + time);
}
const share = (time) => `${((100 * time) / total).toFixed(1).padStart(5)}%`;
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
for (const [g, time] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(share(time), g);
console.log('-- busiest functions (self time)');
for (const [f, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(share(time), f);
