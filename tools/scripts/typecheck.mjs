// npm run typecheck: strict TypeScript over every project that exists (contracts, api, cli, e2e, admin, storefront).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT, run } from './lib.mjs';

const projects = ['libs/contracts', 'libs/dto', 'apps/api', 'tools/cli', 'apps/e2e', 'apps/admin', 'apps/storefront'];
let failed = false;
for (const project of projects) {
  if (!existsSync(join(ROOT, project, 'tsconfig.json'))) continue;
  try {
    await run(join(BIN, 'tsc'), ['-p', project, '--noEmit']);
    console.log(`typecheck ok: ${project}`);
  } catch {
    console.error(`typecheck FAILED: ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
