// npm test's static checks, side by side (each is one process on one core): typecheck, lint and formatting.
// Each check's output is printed whole when it ends, so two logs never interleave; any failure fails the run.
import { spawn } from 'node:child_process';
import { ROOT } from './lib.mjs';

const CHECKS = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['format', ['run', 'format:check']],
];

function check([name, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: ROOT, env: process.env });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n--- ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s\n${out}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(check));
process.exit(results.every(Boolean) ? 0 : 1);
