// npm run test:scale-out: the API e2e suites with two API instances on one MariaDB, the local Redis and a local
// S3-compatible server started here (s3rver), requests alternating between the instances (apps/api/test/support).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { run } from './lib.mjs';

const dir = mkdtempSync(join(tmpdir(), 'jara-s3-'));
const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
const { port } = await s3.run();
const env = {
  JARA_TEST_INSTANCES: '2',
  JARA_TEST_S3_ENDPOINT: `http://127.0.0.1:${port}`,
  JARA_TEST_REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  DATABASE_URL: process.env.DATABASE_URL || 'mariadb://root@127.0.0.1:3306/test',
  // The AWS SDK's notice about Node 20 says nothing about this run.
  AWS_SDK_JS_SUPPRESS_NODE_VERSION_WARNING: '1',
};
console.log(
  `scale-out: two API instances per suite, S3 at ${env.JARA_TEST_S3_ENDPOINT}, Redis at ${env.JARA_TEST_REDIS_URL}`,
);
try {
  await run(
    join('node_modules', '.bin', 'jest'),
    ['--runInBand', ...process.argv.slice(2), '--selectProjects', 'api'],
    { env },
  );
} catch (error) {
  process.exitCode = /exited with (\d+)/.exec(error.message)?.[1] ?? 1;
} finally {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
}
