import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** One place that turns the configuration into TypeORM options, for the API, the CLI and the tests. */
export function dataSourceOptions(config: AppConfig, extra: Partial<DataSourceOptions> = {}): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    // Failed statements are logged, except in tests where some fail on purpose (e.g. a RESTRICT foreign key).
    logging: (config.nodeEnv === 'test' ? false : ['error']) as false | ('error' | 'warn')[],
  };
  if (config.database.type !== 'sqlite') {
    return {
      ...common,
      type: config.database.type,
      url: config.database.url,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      supportBigNumbers: true,
      bigNumberStrings: false,
      ...extra,
    } as DataSourceOptions;
  }
  const path = config.database.path;
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: path,
    enableWAL: path !== ':memory:',
    prepareDatabase: (db: { pragma(source: string): unknown }) => {
      db.pragma('busy_timeout = 5000');
    },
    ...extra,
  } as DataSourceOptions;
}

export function createDataSource(config: AppConfig, extra: Partial<DataSourceOptions> = {}): DataSource {
  return new DataSource(dataSourceOptions(config, extra));
}
