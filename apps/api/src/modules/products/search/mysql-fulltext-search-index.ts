import { LIKE_ESCAPE, likePattern } from '../../../common/list/list-query';
import { MATCHES_NOTHING, searchTerms, type ProductSearchIndex, type ProductSearchMatch } from './product-search-index';

/** InnoDB's innodb_ft_min_token_size default (MySQL 8 and MariaDB): shorter words are not in the index. */
export const MYSQL_FT_MIN_TOKEN_SIZE = 3;

/**
 * InnoDB's default full-text stopwords (INFORMATION_SCHEMA.INNODB_FT_DEFAULT_STOPWORD, the same on MySQL 8 and
 * MariaDB): they are not indexed, and a required stopword (`+the`) makes a boolean search match nothing.
 */
export const INNODB_DEFAULT_STOPWORDS: ReadonlySet<string> = new Set(
  'a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www'.split(
    ' ',
  ),
);

function indexable(term: string): boolean {
  return Array.from(term).length >= MYSQL_FT_MIN_TOKEN_SIZE && !INNODB_DEFAULT_STOPWORDS.has(term);
}

/**
 * A boolean-mode query from search words: every indexable word required (`+word`), the last one a prefix
 * (`+word*`). Words are letters and digits only, so no operator from user input reaches MATCH.
 */
export function mysqlBooleanQuery(terms: string[]): string {
  const last = terms.length - 1;
  return terms
    .map((term, i) => (indexable(term) ? `+${term}${i === last ? '*' : ''}` : ''))
    .filter(Boolean)
    .join(' ');
}

/**
 * MySQL/MariaDB: MATCH ... AGAINST in boolean mode on the FULLTEXT index, ranked by its relevance. Words the
 * index cannot hold (shorter than 3 characters, stopwords) still count: they filter the rows the index found
 * (a contains test on the few matches). A search made only of such words (1-2 characters typed so far) reads
 * names that start with the first word, through the (status, name, id) index.
 */
export class MysqlFulltextProductSearchIndex implements ProductSearchIndex {
  readonly engine = 'mysql-fulltext';

  async match(text: string): Promise<ProductSearchMatch> {
    const terms = searchTerms(text);
    if (!terms.length) return MATCHES_NOTHING;
    const boolean = mysqlBooleanQuery(terms);
    const rest = terms.filter((term) => !indexable(term));
    return {
      matchesNothing: false,
      apply(qb, alias, options = {}) {
        const match = `MATCH(${alias}.name) AGAINST (:product_fts IN BOOLEAN MODE)`;
        const filters = boolean ? rest : rest.slice(1);
        if (boolean) qb.andWhere(match, { product_fts: boolean });
        else
          qb.andWhere(`${alias}.name LIKE :product_fts_prefix ${LIKE_ESCAPE}`, {
            product_fts_prefix: `${likePattern(rest[0]).slice(1)}`,
          });
        filters.forEach((term, i) =>
          qb.andWhere(`${alias}.name LIKE :product_fts_${i} ${LIKE_ESCAPE}`, {
            [`product_fts_${i}`]: likePattern(term),
          }),
        );
        return options.rank && boolean ? { expr: match, order: 'DESC' } : undefined;
      },
    };
  }
}
