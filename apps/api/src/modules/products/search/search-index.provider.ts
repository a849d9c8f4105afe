import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MysqlFulltextProductSearchIndex } from './mysql-fulltext-search-index';
import { PRODUCT_SEARCH_INDEX, type ProductSearchIndex } from './product-search-index';
import { SqliteFts5ProductSearchIndex } from './sqlite-fts5-search-index';

/** The database's own full-text index: FULLTEXT on MySQL/MariaDB, FTS5 on SQLite (both built by the CatalogueSpeed migration). */
export function productSearchIndexFor(db: DataSource): ProductSearchIndex {
  const type = db.options.type;
  return type === 'mysql' || type === 'mariadb'
    ? new MysqlFulltextProductSearchIndex()
    : new SqliteFts5ProductSearchIndex();
}

export const productSearchIndexProvider: Provider = {
  provide: PRODUCT_SEARCH_INDEX,
  inject: [DataSource],
  useFactory: productSearchIndexFor,
};
