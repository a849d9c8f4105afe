import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata';
import { DriverUtils } from 'typeorm/driver/DriverUtils';

interface ColumnReader {
  property: string;
  rawKey: string;
  column: ColumnMetadata;
}

interface JoinReader {
  property: string;
  primaryKey: string;
  columns: ColumnReader[];
}

/** What one query shape needs to turn its raw rows into plain objects, worked out once per shape. */
interface Plan {
  main: ColumnReader[];
  joins: JoinReader[];
}

const plans = new WeakMap<EntityMetadata, Map<string, Plan | null>>();

function columnsOf(qb: SelectQueryBuilder<ObjectLiteral>, alias: string, metadata: EntityMetadata): ColumnReader[] {
  const selections = qb.expressionMap.selects.map((s) => s.selection);
  const all = selections.includes(alias);
  return metadata.columns
    .filter((c) => !c.embeddedMetadata && (all ? c.isSelect : selections.includes(`${alias}.${c.propertyPath}`)))
    .map((column) => ({
      property: column.propertyName,
      rawKey: DriverUtils.buildAlias(qb.connection.driver, undefined, alias, column.databaseName),
      column,
    }));
}

/** null when the query is not a main table with many-to-one joins only (the shape this reader understands). */
function planFor(qb: SelectQueryBuilder<ObjectLiteral>): Plan | null {
  const map = qb.expressionMap;
  const main = map.mainAlias;
  if (!main?.hasMetadata) return null;
  const shape = `${main.name}|${map.selects.map((s) => `${s.selection} ${s.aliasName ?? ''}`).join(',')}|${map.joinAttributes
    .map(
      (j) => `${j.direction} ${String(j.entityOrProperty)} ${j.alias.name} ${j.isMappingMany} ${j.mapToProperty ?? ''}`,
    )
    .join(',')}`;
  let byShape = plans.get(main.metadata);
  if (!byShape) plans.set(main.metadata, (byShape = new Map()));
  if (byShape.has(shape)) return byShape.get(shape) ?? null;
  let plan: Plan | null = { main: columnsOf(qb, main.name, main.metadata), joins: [] };
  if (main.metadata.embeddeds.length > 0) plan = null;
  for (const join of map.joinAttributes) {
    if (!plan) break;
    const relation = join.relation;
    const parent = typeof join.entityOrProperty === 'string' ? join.entityOrProperty.split('.')[0] : undefined;
    if (!relation || parent !== main.name || !relation.isManyToOne || join.mapToProperty || !join.alias.hasMetadata) {
      plan = null;
      break;
    }
    const columns = columnsOf(qb, join.alias.name, join.alias.metadata);
    const primary = join.alias.metadata.primaryColumns[0];
    const primaryReader = columns.find((c) => c.column === primary);
    if (columns.length === 0) continue; // joined for filtering only: nothing of it in the answer
    if (!primaryReader || join.alias.metadata.embeddeds.length > 0) {
      plan = null;
      break;
    }
    plan.joins.push({ property: relation.propertyName, primaryKey: primaryReader.rawKey, columns });
  }
  byShape.set(shape, plan);
  return plan;
}

/**
 * A list page as plain objects of the entity's properties, read from the raw rows of ONE statement: each column's
 * value goes through the driver's own hydration (dates, booleans, the column's transformer), so the values are the
 * ones getMany() gives, without TypeORM's generic entity transformation (grouping rows by primary key, relation
 * maps, entity instances), which was the largest single cost of the product list (docs/benchmarks.md, "Product
 * list profile"). Only for a main table with many-to-one joins (one row per entity); any other shape, and a
 * query without metadata, falls back to getRawAndEntities().
 */
export async function readFlatRows<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
): Promise<{ entities: T[]; raw: ObjectLiteral[] }> {
  const plan = planFor(qb as SelectQueryBuilder<ObjectLiteral>);
  if (!plan) return qb.getRawAndEntities();
  const driver = qb.connection.driver;
  const raw = await qb.getRawMany();
  const entities = raw.map((row) => {
    const entity: ObjectLiteral = {};
    for (const c of plan.main) entity[c.property] = driver.prepareHydratedValue(row[c.rawKey], c.column);
    for (const join of plan.joins) {
      const key = row[join.primaryKey];
      if (key === null || key === undefined) continue;
      const related: ObjectLiteral = {};
      for (const c of join.columns) related[c.property] = driver.prepareHydratedValue(row[c.rawKey], c.column);
      entity[join.property] = related;
    }
    return entity as T;
  });
  return { entities, raw };
}
