import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig, type AppConfig } from '../../../apps/api/src/config/config';
import { createDataSource } from '../../../apps/api/src/database/data-source';

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

export class UsageError extends Error {}

export interface CliContext {
  config: AppConfig;
  io: Io;
  /** Opens the database (migrations not run); the caller must destroy it. */
  open: () => Promise<DataSource>;
}

export function createContext(env: Record<string, string | undefined>, io: Io): CliContext {
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  return {
    config,
    io,
    open: async () => {
      const ds = createDataSource(config);
      await ds.initialize();
      return ds;
    },
  };
}

/** Parses --name value and --flag options; unknown options are a usage error. */
export function parseOptions(
  args: string[],
  known: Record<string, 'string' | 'boolean'>,
): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`Unexpected argument "${arg}".`);
    const [, name, inline] = match;
    const kind = known[name];
    if (!kind) throw new UsageError(`Unknown option --${name}.`);
    if (kind === 'boolean') {
      out[name] = true;
      continue;
    }
    const value = inline ?? args[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`Option --${name} needs a value.`);
    out[name] = value;
  }
  return out;
}
