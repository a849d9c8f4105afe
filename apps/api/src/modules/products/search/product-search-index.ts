import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** Nest injection token of the ProductSearchIndex in use (chosen by the database type, see search-index.provider.ts). */
export const PRODUCT_SEARCH_INDEX = Symbol('ProductSearchIndex');

/** A relevance ORDER BY, best match first when applied as given. */
export interface SearchRank {
  expr: string;
  order: 'ASC' | 'DESC';
}

/**
 * The search for one text, ready to be added to a query on products. It adds a condition (and any join the
 * condition needs) to the caller's query builder, so a list stays one statement for its page and one for its
 * count, and filters, status and paging still apply.
 */
export interface ProductSearchMatch {
  /** True when the text holds nothing searchable (only punctuation): no product matches. */
  readonly matchesNothing: boolean;
  /**
   * Restricts `qb` (products under `alias`) to the matching products. With `rank`, also returns the relevance
   * ORDER BY expression (the caller orders by it; undefined when this match cannot rank, e.g. a short prefix).
   */
  apply<T extends ObjectLiteral>(
    qb: SelectQueryBuilder<T>,
    alias: string,
    options?: { rank?: boolean },
  ): SearchRank | undefined;
}

/**
 * Full-text search over product names behind one interface: the database's own index by default (FTS5 on
 * SQLite, FULLTEXT on MySQL/MariaDB). An external engine (Meilisearch, OpenSearch) can implement it later by
 * answering `match` with the ids it found (`p.id IN (...)`, ranked by their position), hence the promise.
 *
 * Semantics, the same on every engine: the text is split into words (letters and digits; everything else,
 * including quotes, `*`, `-`, parentheses and operator words, is only a separator); a product matches when its
 * name has every word, the last one as a prefix ("tec" finds "Tecno"), case- and accent-insensitively.
 */
export interface ProductSearchIndex {
  readonly engine: string;
  match(text: string): Promise<ProductSearchMatch>;
  /**
   * Optional: the `limit` best matches of the text by relevance alone (any status), best first, read from the index
   * without touching products; undefined when the text has no word. Lets a caller that wants only the top few
   * active products (the suggestions) avoid reading every match's row (see SearchService.suggestions).
   */
  bestMatches?(text: string, limit: number, run: SqlRunner): Promise<RankedMatch[]>;
}

/** Runs one read statement (positional `?` parameters) and answers its rows. */
export type SqlRunner = (sql: string, parameters: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** A product id and its relevance: lower is better, as the engine's rank orders it ascending. */
export interface RankedMatch {
  id: number;
  rank: number;
}

/** At most this many words of a search are used (the rest of a pasted paragraph is ignored). */
export const MAX_SEARCH_TERMS = 8;
/** A word longer than this is cut (MySQL's innodb_ft_max_token_size is 84). */
export const MAX_SEARCH_TERM_LENGTH = 64;

/**
 * The words of a search text: lower-cased runs of letters, digits and combining marks. Nothing else survives,
 * so no full-text operator or quote from user input ever reaches a MATCH expression.
 */
export function searchTerms(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  return words.slice(0, MAX_SEARCH_TERMS).map((word) => Array.from(word).slice(0, MAX_SEARCH_TERM_LENGTH).join(''));
}

/** The match for text without a word: no rows. */
export const MATCHES_NOTHING: ProductSearchMatch = {
  matchesNothing: true,
  apply(qb) {
    qb.andWhere('1 = 0');
    return undefined;
  },
};
