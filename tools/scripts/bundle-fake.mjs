// One way to run a test fake of apps/api/test/support as a process of its own: esbuild bundles a small main module
// (`main`, TypeScript that imports the fake from './<entry>') with the fake into a temporary .mjs run with node.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

/** Bundles `main` (importing from './' + entry) as <name>.mjs in a temporary directory; answers its path and cleanup. */
export async function bundleFake({ name, main }) {
  const { build } = await import('esbuild');
  const dir = mkdtempSync(join(tmpdir(), `jara-${name}-`));
  const outfile = join(dir, `${name}.mjs`);
  await build({
    stdin: { contents: main, resolveDir: ROOT, sourcefile: `${name}-main.ts`, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  return { file: outfile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
