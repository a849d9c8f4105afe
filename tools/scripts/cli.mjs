// npm run cli -- <command>: builds the server code if needed (incremental) and runs the Jara CLI.
import { buildServer, loadDotEnv, run, serverEntry } from './lib.mjs';

loadDotEnv();
try {
  await buildServer();
  await run(process.execPath, [serverEntry('cli'), ...process.argv.slice(2)]);
} catch (error) {
  process.exitCode = /exited with (\d+)/.exec(error.message)?.[1] ?? 1;
}
