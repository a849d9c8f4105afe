import type { EntityManager, InsertResult, ObjectLiteral, EntityTarget } from 'typeorm';

/**
 * The ids of the rows of one multi-row INSERT, from the driver's answer alone (no SELECT): MySQL/MariaDB give the
 * first row's id (insertId), SQLite the last one's (lastInsertRowid); the rows of one statement take consecutive ids
 * on both, as TypeORM itself assumes when it fills in the ids of a multi-row insert (createGeneratedMap of each
 * driver). SQLite runs one writer at a time; InnoDB gives a multi-row INSERT of known size consecutive values in its
 * default lock modes 0 and 1 (MariaDB's default is 1).
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
  const result: InsertResult = await m
    .createQueryBuilder()
    .insert()
    .into(target)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    .values(rows as any)
    .updateEntity(false)
    .execute();
  return insertedIds(result.raw, rows.length);
}
