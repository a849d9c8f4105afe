import {
  MATCHES_NOTHING,
  searchTerms,
  type ProductSearchIndex,
  type ProductSearchMatch,
  type RankedMatch,
  type SqlRunner,
} from './product-search-index';

/**
 * The FTS5 table over products.name (external content: it holds only the index, products holds the text),
 * kept in step by triggers; both are created by the CatalogueSpeed1763750000000 migration.
 */
export const PRODUCTS_FTS_TABLE = 'products_fts';

/** An FTS5 query from search words: each word quoted (so it is never syntax), all required, the last a prefix. */
export function fts5Query(terms: string[]): string {
  return terms.map((term, i) => `"${term}"${i === terms.length - 1 ? '*' : ''}`).join(' AND ');
}

/** SQLite: the FTS5 table kept in step by triggers; ranked by bm25 (FTS5's `rank`, lower is better). */
export class SqliteFts5ProductSearchIndex implements ProductSearchIndex {
  readonly engine = 'sqlite-fts5';

  /** The best matches by bm25 from the FTS table alone (no products row is read): FTS5's ORDER BY rank LIMIT. */
  async bestMatches(text: string, limit: number, run: SqlRunner): Promise<RankedMatch[]> {
    const terms = searchTerms(text);
    if (!terms.length) return [];
    const rows = await run(
      `SELECT rowid AS id, rank AS fts_rank FROM "${PRODUCTS_FTS_TABLE}" WHERE "${PRODUCTS_FTS_TABLE}" MATCH ? ORDER BY rank LIMIT ?`,
      [fts5Query(terms), limit],
    );
    return rows.map((row) => ({ id: Number(row.id), rank: Number(row.fts_rank) }));
  }

  async match(text: string): Promise<ProductSearchMatch> {
    const terms = searchTerms(text);
    if (!terms.length) return MATCHES_NOTHING;
    const query = fts5Query(terms);
    return {
      matchesNothing: false,
      apply(qb, alias, options = {}) {
        if (options.rank) {
          // A join, so the rank can order the page; FTS5 drives the plan, products are read by primary key.
          const ranked = `${alias}_fts`;
          qb.innerJoin(
            `(SELECT rowid AS fts_id, rank AS fts_rank FROM "${PRODUCTS_FTS_TABLE}" WHERE "${PRODUCTS_FTS_TABLE}" MATCH :product_fts)`,
            ranked,
            `${ranked}.fts_id = ${alias}.id`,
            { product_fts: query },
          );
          return { expr: `${ranked}.fts_rank`, order: 'ASC' };
        }
        qb.andWhere(
          `${alias}.id IN (SELECT rowid FROM "${PRODUCTS_FTS_TABLE}" WHERE "${PRODUCTS_FTS_TABLE}" MATCH :product_fts)`,
          { product_fts: query },
        );
        return undefined;
      },
    };
  }
}
