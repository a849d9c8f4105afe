import type { EntityManager, InsertResult, ObjectLiteral, EntityTarget } from 'typeorm';

/**
 * The ids of the rows of one INSERT, from the driver's answer alone (no SELECT): the rows of INSERT ... RETURNING id
 * (MariaDB), the first row's id (MySQL's insertId: one row at a time there, see insertRows), or the last one's
 * (SQLite's lastInsertRowid: one writer at a time, so one statement's rows take consecutive ids).
 */
export function insertedIds(raw: unknown, count: number): number[] {
  if (count <= 0) return [];
  // INSERT ... RETURNING id (MariaDB when asked): the rows themselves.
  if (Array.isArray(raw) && raw.length === count && raw.every((row) => row && 'id' in row))
    return raw.map((row: { id: unknown }) => Number(row.id));
  const header = raw as { insertId?: number | bigint } | null;
  if (header && typeof header === 'object' && header.insertId !== undefined) {
    const first = Number(header.insertId);
    return Array.from({ length: count }, (_, i) => first + i);
  }
  if (typeof raw === 'number' || typeof raw === 'bigint') {
    const last = Number(raw);
    return Array.from({ length: count }, (_, i) => last - count + 1 + i);
  }
  throw new Error('The database did not answer the id of the inserted row');
}

/**
 * INSERT of one or more rows without reading them back (TypeORM's insert() re-reads the generated columns of every
 * row on SQLite: one more statement). Answers the new rows' ids, in the order given.
 */
export async function insertRows<T extends ObjectLiteral>(
  m: EntityManager,
  target: EntityTarget<T>,
  rows: Array<Partial<T>>,
): Promise<number[]> {
  if (!rows.length) return [];
  const type = m.connection.options.type;
  // MySQL: InnoDB's interleaved auto-increment mode (MySQL 8's default) does not promise one statement consecutive ids,
  // and MySQL has no RETURNING: several rows are inserted one by one there.
  if (type === 'mysql' && rows.length > 1) {
    const ids: number[] = [];
    for (const row of rows) ids.push(...(await insertRows(m, target, [row])));
    return ids;
  }
  const qb = m
    .createQueryBuilder()
    .insert()
    .into(target)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    .values(rows as any)
    .updateEntity(false);
  // MariaDB: the ids themselves (INSERT ... RETURNING id), whatever the auto-increment lock mode.
  if (type === 'mariadb') qb.returning(['id']);
  const result: InsertResult = await qb.execute();
  return insertedIds(result.raw, rows.length);
}
