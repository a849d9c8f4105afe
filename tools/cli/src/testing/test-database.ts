import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';

/**
 * A database for one CLI suite. The CLI needs a file or a server database (each command opens its own
 * connection): a SQLite file in `dir` by default; with DATABASE_URL=mysql://... or mariadb://..., a database of its
 * own on that server, created here and dropped by drop(). (The API's suites have the same helper under
 * apps/api/test/support; the CLI may import the API only through #api-maintenance, and test helpers are not part
 * of it.)
 */
export interface CliTestDatabase {
  url: string;
  drop: () => Promise<void>;
}

export async function createCliTestDatabase(sqliteFile: string): Promise<CliTestDatabase> {
  const base = process.env.DATABASE_URL?.trim();
  if (!base || !/^(mysql|mariadb):\/\//i.test(base))
    return { url: `sqlite:${sqliteFile}`, drop: async () => undefined };
  const server = new URL(base.replace(/^mariadb:/i, 'mysql:'));
  const name = `jara_cli_${randomBytes(5).toString('hex')}`;
  const admin = () =>
    createConnection({
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username || 'root'),
      password: decodeURIComponent(server.password || ''),
    });
  const conn = await admin();
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  server.pathname = `/${name}`;
  return {
    url: server.toString().replace(/^mysql:/, /^mariadb:/i.test(base) ? 'mariadb:' : 'mysql:'),
    drop: async () => {
      const c = await admin();
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/** True when the suites run on MySQL/MariaDB (DATABASE_URL set). */
export const onServerDatabase = () => /^(mysql|mariadb):\/\//i.test(process.env.DATABASE_URL?.trim() ?? '');
