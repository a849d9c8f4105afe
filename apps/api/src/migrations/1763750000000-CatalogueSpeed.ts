import { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysql } from '../database/migration-helpers';

/** MySQL/MariaDB: the FULLTEXT index on products.name (MATCH ... AGAINST, see mysql-fulltext-search-index.ts). */
export const PRODUCTS_FULLTEXT_INDEX = 'ftx_products_name';

/**
 * SQLite: an external-content FTS5 table over products.name (it holds only the index), filled from the existing
 * rows. unicode61 folds case and removes diacritics ("creme" finds "Crème"); prefix indexes of 1-3 characters
 * keep "t*" and "tec*" fast while someone types.
 */
export const CREATE_PRODUCTS_FTS = [
  `CREATE VIRTUAL TABLE "products_fts" USING fts5(name, content='products', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3')`,
  `INSERT INTO "products_fts"("products_fts") VALUES ('rebuild')`,
];

/**
 * Triggers that keep products_fts in step with products: inserts, deletes (foreign-key cascades included) and
 * name changes. SQLite drops a table's triggers with the table, so a later migration that makes TypeORM
 * recreate `products` on SQLite must run DROP_PRODUCTS_FTS_TRIGGERS, CREATE_PRODUCTS_FTS_TRIGGERS and a
 * 'rebuild' again (apps/api/test/query-plans.e2e-spec.ts fails if a trigger is missing).
 */
export const PRODUCTS_FTS_TRIGGERS = ['products_fts_ai', 'products_fts_ad', 'products_fts_au'] as const;

export const CREATE_PRODUCTS_FTS_TRIGGERS = [
  `CREATE TRIGGER "products_fts_ai" AFTER INSERT ON "products" BEGIN
     INSERT INTO "products_fts"(rowid, name) VALUES (new.id, new.name);
   END`,
  `CREATE TRIGGER "products_fts_ad" AFTER DELETE ON "products" BEGIN
     INSERT INTO "products_fts"("products_fts", rowid, name) VALUES ('delete', old.id, old.name);
   END`,
  `CREATE TRIGGER "products_fts_au" AFTER UPDATE OF name, id ON "products" BEGIN
     INSERT INTO "products_fts"("products_fts", rowid, name) VALUES ('delete', old.id, old.name);
     INSERT INTO "products_fts"(rowid, name) VALUES (new.id, new.name);
   END`,
];

export const DROP_PRODUCTS_FTS_TRIGGERS = PRODUCTS_FTS_TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS "${name}"`);

export const DROP_PRODUCTS_FTS = [`DROP TABLE IF EXISTS "products_fts"`];

/** A column of an index; `nocase` marks text sorted case-insensitively (COLLATE NOCASE on SQLite, see list-query). */
type IndexColumn = string | { name: string; nocase: true };

interface IndexDef {
  table: string;
  name: string;
  columns: IndexColumn[];
}

const nocase = (name: string): IndexColumn => ({ name, nocase: true });

/**
 * One index per list order (issue 8): the equality filters first (status; deleted_at IS NULL; the owner),
 * then the sort column, then id (the tiebreaker, in the same direction), so the database reads one page in
 * index order and stops. Declared on the entities too (the schema-sync test compares them).
 */
export const CATALOGUE_SPEED_INDEXES: IndexDef[] = [
  // Storefront lists (status = 1) by every whitelisted sort, and by category or type with the default sort.
  { table: 'products', name: 'idx_products_status_created', columns: ['status', 'created_at', 'id'] },
  { table: 'products', name: 'idx_products_status_price', columns: ['status', 'price_kobo', 'id'] },
  { table: 'products', name: 'idx_products_status_rating', columns: ['status', 'average_rating', 'id'] },
  { table: 'products', name: 'idx_products_status_name', columns: ['status', nocase('name'), 'id'] },
  { table: 'products', name: 'idx_products_status_stock', columns: ['status', 'stock_quantity', 'id'] },
  { table: 'products', name: 'idx_products_status_flash_end', columns: ['status', 'flash_end_at', 'id'] },
  {
    table: 'products',
    name: 'idx_products_status_category_created',
    columns: ['status', 'category_id', 'created_at', 'id'],
  },
  { table: 'products', name: 'idx_products_status_type_created', columns: ['status', 'type', 'created_at', 'id'] },
  // Flash sales: type = 'flash' AND flash_end_at > now, ending soonest first.
  { table: 'products', name: 'idx_products_status_type_flash_end', columns: ['status', 'type', 'flash_end_at', 'id'] },
  // A vendor's own products (mine=1) and seller pages; the admin's list of every status.
  { table: 'products', name: 'idx_products_user_created', columns: ['user_id', 'created_at', 'id'] },
  { table: 'products', name: 'idx_products_created', columns: ['created_at', 'id'] },
  // The admin's user list (deleted users are filtered out, or listed alone with deleted=1).
  { table: 'users', name: 'idx_users_deleted_created', columns: ['deleted_at', 'created_at', 'id'] },
  { table: 'users', name: 'idx_users_deleted_name', columns: ['deleted_at', nocase('name'), 'id'] },
  { table: 'users', name: 'idx_users_deleted_role_created', columns: ['deleted_at', 'role', 'created_at', 'id'] },
  { table: 'users', name: 'idx_users_deleted_status_created', columns: ['deleted_at', 'status', 'created_at', 'id'] },
  // A user's notifications, newest first, all or by status (and the unread count).
  { table: 'notifications', name: 'idx_notifications_user_created', columns: ['user_id', 'created_at', 'id'] },
  {
    table: 'notifications',
    name: 'idx_notifications_user_status_created',
    columns: ['user_id', 'status', 'created_at', 'id'],
  },
  // A product's reviews, newest first; the contact messages in the back office.
  { table: 'product_reviews', name: 'idx_reviews_product_created', columns: ['product_id', 'created_at', 'id'] },
  { table: 'contact_messages', name: 'idx_contact_created', columns: ['created_at', 'id'] },
];

/** Indexes the new ones make redundant (each is a leading part of a new one, which also serves its foreign key). */
const REPLACED_INDEXES: IndexDef[] = [
  { table: 'products', name: 'idx_products_status_type', columns: ['status', 'type'] },
  { table: 'products', name: 'idx_products_user', columns: ['user_id'] },
  { table: 'notifications', name: 'idx_notifications_user_status', columns: ['user_id', 'status'] },
];

/**
 * Indexes that match the list queries, and full-text search on product names: a FULLTEXT index on
 * MySQL/MariaDB; an FTS5 table kept in step by triggers on SQLite (see modules/products/search).
 */
export class CatalogueSpeed1763750000000 implements MigrationInterface {
  name = 'CatalogueSpeed1763750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const index of CATALOGUE_SPEED_INDEXES) await createIndex(queryRunner, index);
    for (const index of REPLACED_INDEXES) await dropIndex(queryRunner, index);
    if (isMysql(queryRunner)) {
      await queryRunner.query(`CREATE FULLTEXT INDEX \`${PRODUCTS_FULLTEXT_INDEX}\` ON \`products\` (\`name\`)`);
    } else {
      for (const sql of [...CREATE_PRODUCTS_FTS, ...CREATE_PRODUCTS_FTS_TRIGGERS]) await queryRunner.query(sql);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (isMysql(queryRunner)) {
      await queryRunner.query(`DROP INDEX \`${PRODUCTS_FULLTEXT_INDEX}\` ON \`products\``);
    } else {
      for (const sql of [...DROP_PRODUCTS_FTS_TRIGGERS, ...DROP_PRODUCTS_FTS]) await queryRunner.query(sql);
    }
    for (const index of REPLACED_INDEXES) await createIndex(queryRunner, index);
    for (const index of [...CATALOGUE_SPEED_INDEXES].reverse()) await dropIndex(queryRunner, index);
  }
}

/** Plain SQL, so SQLite can declare a text column COLLATE NOCASE (TypeORM's TableIndex cannot). */
async function createIndex(queryRunner: QueryRunner, index: IndexDef): Promise<void> {
  const mysql = isMysql(queryRunner);
  const q = (name: string) => (mysql ? `\`${name}\`` : `"${name}"`);
  const columns = index.columns.map((c) =>
    typeof c === 'string' ? q(c) : mysql ? q(c.name) : `${q(c.name)} COLLATE NOCASE`,
  );
  await queryRunner.query(`CREATE INDEX ${q(index.name)} ON ${q(index.table)} (${columns.join(', ')})`);
}

async function dropIndex(queryRunner: QueryRunner, index: IndexDef): Promise<void> {
  if (isMysql(queryRunner)) await queryRunner.query(`DROP INDEX \`${index.name}\` ON \`${index.table}\``);
  else await queryRunner.query(`DROP INDEX "${index.name}"`);
}
