import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';

export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

/**
 * SQLite in memory unless DATABASE_URL points at MySQL/MariaDB; then a database of its own
 * is created on that server for this suite and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL?.trim();
  if (!base || !/^(mysql|mariadb):\/\//i.test(base)) return { url: 'sqlite::memory:', drop: async () => undefined };
  const server = new URL(base.replace(/^mariadb:/i, 'mysql:'));
  const name = `jara_test_${randomBytes(5).toString('hex')}`;
  const admin = () =>
    createConnection({
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username || 'root'),
      password: decodeURIComponent(server.password || ''),
    });
  const conn = await admin();
  const [rows] = await conn.query('SELECT VERSION() AS v');
  const isMariaDb = /mariadb/i.test(String((rows as Array<{ v: string }>)[0]?.v));
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  server.pathname = `/${name}`;
  const scheme = isMariaDb ? 'mariadb:' : 'mysql:';
  return {
    url: server.toString().replace(/^mysql:/, scheme),
    drop: async () => {
      const c = await admin();
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}
