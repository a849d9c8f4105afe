import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule, ConfigError, createDataSource, loadConfig, type AppConfig } from '#api-maintenance';

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A progress line that replaces the previous one (a terminal's stderr); absent: progress is not shown. */
  progress?: (line: string) => void;
  /** Where a command streams bulk output (export-products without --out); absent: it goes through out(). */
  stdout?: NodeJS.WritableStream;
}

export class UsageError extends Error {}

export interface CliContext {
  config: AppConfig;
  io: Io;
  /** Opens the database (migrations not run); the caller must destroy it. */
  open: () => Promise<DataSource>;
  /**
   * Starts the API's modules without HTTP (migrations run, scheduled jobs off), so a command calls the API's own
   * services: `const app = await ctx.app(); try { app.get(ProductsService) ... } finally { await app.close(); }`.
   */
  app: () => Promise<INestApplicationContext>;
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
    app: () =>
      NestFactory.createApplicationContext(
        AppModule.forRoot({
          ...config,
          orders: { ...config.orders, expiryIntervalSeconds: 0 },
          payouts: { ...config.payouts, requeryIntervalSeconds: 0 },
          refunds: { ...config.refunds, requeryIntervalSeconds: 0 },
          requestLog: false,
        }),
        { logger: ['error'] },
      ),
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
      if (inline !== undefined) throw new UsageError(`Option --${name} takes no value.`);
      out[name] = true;
      continue;
    }
    const value = inline ?? args[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`Option --${name} needs a value.`);
    out[name] = value;
  }
  return out;
}

/** A positive integer option (e.g. --batch-size), or the fallback when it is absent. */
export function intOption(value: string | boolean | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}.`);
  return n;
}
