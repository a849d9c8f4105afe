import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SEARCH_SUGGESTION_LIMITS, type SearchSuggestions } from '@jara/contracts';
import { CategoriesService } from '../categories/categories.service';
import { Product as ProductEntity, type Product } from './product.entity';
import { ProductsService } from './products.service';
import { PRODUCT_SEARCH_INDEX, type ProductSearchIndex } from './search/product-search-index';

/**
 * How many of the best matches by relevance alone the suggestions read first (see bestActive): enough that the
 * few inactive products among them rarely leave fewer than 7 sure answers.
 */
export const SUGGESTION_CANDIDATES = 64;

/** Search box suggestions (spec 2.8, 9): at most 3 categories and 7 results in all, case-insensitive. */
@Injectable()
export class SearchService {
  constructor(
    private readonly categories: CategoriesService,
    private readonly products: ProductsService,
    @Inject(PRODUCT_SEARCH_INDEX) private readonly searchIndex: ProductSearchIndex,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Categories: a contains-search on the short categories table. Products: the full-text index, word prefixes
   * (so suggestions work while typing), best match first, then the best rated. Both are read at once.
   */
  async suggestions(q: string): Promise<SearchSuggestions> {
    const text = q.trim();
    if (!text) return { categories: [], products: [] };
    const [categories, found] = await Promise.all([
      this.categories.suggest(text, SEARCH_SUGGESTION_LIMITS.categories),
      this.bestProducts(text, SEARCH_SUGGESTION_LIMITS.total),
    ]);
    const products = found.slice(0, SEARCH_SUGGESTION_LIMITS.total - categories.length);
    return {
      categories,
      products: products.map((p) => {
        const dto = this.products.present(p);
        return {
          id: dto.id,
          name: dto.name,
          price_ngn: dto.price_ngn,
          average_rating: dto.average_rating,
          image_card_url: dto.image_card_url,
          category: dto.category,
        };
      }),
    };
  }

  /** The `limit` best active matches: best match first, then the best rated, then the newest. */
  private async bestProducts(text: string, limit: number): Promise<Product[]> {
    const quick = await this.bestActive(text, limit);
    if (quick) return quick;
    const match = await this.searchIndex.match(text);
    if (match.matchesNothing) return [];
    const qb = this.products.baseQuery().where('p.status = 1');
    const rank = match.apply(qb, 'p', { rank: true });
    if (rank) qb.orderBy(rank.expr, rank.order).addOrderBy('p.average_rating', 'DESC');
    else qb.orderBy('p.average_rating', 'DESC');
    return qb.addOrderBy('p.id', 'DESC').limit(limit).getMany();
  }

  /**
   * The same answer as the full query, read without ranking every match's products row (a 2-letter prefix matches
   * thousands): the index's SUGGESTION_CANDIDATES best matches by relevance alone, then those products. When the
   * index holds fewer matches than that, they are all of them. Otherwise every product outside the window ranks at
   * or below the window's last rank, so the active candidates ranked strictly better than it are sure to be the
   * best; with at least `limit` of them, the answer is theirs. Undefined when the engine cannot tell (the caller
   * runs the full query): no such index method, or too many inactive products or ties at the window's edge.
   */
  private async bestActive(text: string, limit: number): Promise<Product[] | undefined> {
    if (!this.searchIndex.bestMatches) return undefined;
    const candidates = await this.searchIndex.bestMatches(text, SUGGESTION_CANDIDATES, (sql, parameters) =>
      this.dataSource.query(sql, parameters),
    );
    if (!candidates.length) return [];
    const rankOf = new Map(candidates.map((c) => [c.id, c.rank]));
    // The window's active products, by their order columns only (no entity built for the ones not shown).
    const active = (
      await this.dataSource
        .getRepository(ProductEntity)
        .createQueryBuilder('p')
        .select('p.id', 'id')
        .addSelect('p.average_rating', 'average_rating')
        .where('p.status = 1')
        .andWhere('p.id IN (:...suggestionIds)', { suggestionIds: candidates.map((c) => c.id) })
        .getRawMany<{ id: number | string; average_rating: number | string | null }>()
    ).map((row) => ({ id: Number(row.id), rating: Number(row.average_rating ?? 0) }));
    const complete = candidates.length < SUGGESTION_CANDIDATES;
    const edge = candidates[candidates.length - 1].rank;
    const sure = complete ? active : active.filter((p) => (rankOf.get(p.id) ?? edge) < edge);
    if (!complete && sure.length < limit) return undefined;
    const best = sure
      .sort((a, b) => (rankOf.get(a.id) ?? 0) - (rankOf.get(b.id) ?? 0) || b.rating - a.rating || b.id - a.id)
      .slice(0, limit)
      .map((p) => p.id);
    if (!best.length) return [];
    const rows = await this.products.baseQuery().where('p.id IN (:...bestIds)', { bestIds: best }).getMany();
    const byId = new Map(rows.map((p) => [p.id, p]));
    return best.map((id) => byId.get(id)).filter((p): p is Product => !!p);
  }
}
