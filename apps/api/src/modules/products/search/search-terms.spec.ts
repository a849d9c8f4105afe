import { mysqlBooleanQuery } from './mysql-fulltext-search-index';
import { MAX_SEARCH_TERMS, searchTerms } from './product-search-index';
import { fts5Query } from './sqlite-fts5-search-index';

describe('search terms', () => {
  it('keeps only words: letters, digits and marks, lower-cased', () => {
    expect(searchTerms('  Tecno "Spark" 20* ')).toEqual(['tecno', 'spark', '20']);
    expect(searchTerms('NEAR(tecno spark) OR -gown +cap ^x col:z')).toEqual([
      'near',
      'tecno',
      'spark',
      'or',
      'gown',
      'cap',
      'x',
      'col',
    ]);
    expect(searchTerms('Café Crème')).toEqual(['café', 'crème']);
    expect(searchTerms('Cafe\u0301')).toEqual(['café']); // NFKC composes e + combining acute
    expect(searchTerms('*"()-+')).toEqual([]);
    expect(searchTerms('a b c d e f g h i j').length).toBe(MAX_SEARCH_TERMS);
  });

  it('builds an FTS5 query of quoted words, all required, the last a prefix', () => {
    expect(fts5Query(['tecno', 'spa'])).toBe('"tecno" AND "spa"*');
    expect(fts5Query(['near'])).toBe('"near"*');
  });

  it('builds a MySQL boolean query from the words InnoDB indexes (3+ characters, not stopwords)', () => {
    expect(mysqlBooleanQuery(['tecno', 'spa'])).toBe('+tecno +spa*');
    expect(mysqlBooleanQuery(['spark', '20'])).toBe('+spark');
    expect(mysqlBooleanQuery(['the', 'ordinary'])).toBe('+ordinary*');
    expect(mysqlBooleanQuery(['it'])).toBe('');
  });
});
