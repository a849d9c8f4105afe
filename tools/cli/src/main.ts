import { runCli } from './cli';

// Progress bars redraw one stderr line; only on a terminal, so logs and pipes get the result lines alone.
const tty = process.stderr.isTTY;
runCli(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  stdout: process.stdout,
  progress: tty ? (line) => process.stderr.write(line ? `\r\x1b[2K${line}` : '\r\x1b[2K') : undefined,
}).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
