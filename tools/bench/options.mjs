// The benches' command-line options: parsed with node:util parseArgs, a --help flag added to every bench; a wrong
// option prints the error and the help and exits 2, --help prints the help and exits 0.
import { parseArgs } from 'node:util';

/** The bench's options (parseArgs `options`, without help) from args (default: the command line). */
export function benchOptions(help, options, args = process.argv.slice(2)) {
  try {
    const { values } = parseArgs({ args, options: { ...options, help: { type: 'boolean', default: false } } });
    if (values.help) {
      console.log(help);
      process.exit(0);
    }
    return values;
  } catch (error) {
    console.error(`${error.message}\n\n${help}`);
    process.exit(2);
  }
}
