import { Inject, Injectable } from '@nestjs/common';
import { SEARCH_SUGGESTION_LIMITS, type SearchSuggestions } from '@jara/contracts';
import { CategoriesService } from '../categories/categories.service';
import { ProductsService } from './products.service';
import { PRODUCT_SEARCH_INDEX, type ProductSearchIndex } from './search/product-search-index';

/** Search box suggestions (spec 2.8, 9): at most 3 categories and 7 results in all, case-insensitive. */
@Injectable()
export class SearchService {
  constructor(
    private readonly categories: CategoriesService,
    private readonly products: ProductsService,
    @Inject(PRODUCT_SEARCH_INDEX) private readonly searchIndex: ProductSearchIndex,
  ) {}

  /**
   * Categories: a contains-search on the short categories table. Products: the full-text index, word prefixes
   * (so suggestions work while typing), best match first, then the best rated. Both are read at once.
   */
  async suggestions(q: string): Promise<SearchSuggestions> {
    const text = q.trim();
    if (!text) return { categories: [], products: [] };
    const match = await this.searchIndex.match(text);
    const qb = this.products.baseQuery().where('p.status = 1');
    const rank = match.apply(qb, 'p', { rank: true });
    if (rank) qb.orderBy(rank.expr, rank.order).addOrderBy('p.average_rating', 'DESC');
    else qb.orderBy('p.average_rating', 'DESC');
    qb.addOrderBy('p.id', 'DESC').limit(SEARCH_SUGGESTION_LIMITS.total);
    const [categories, found] = await Promise.all([
      this.categories.suggest(text, SEARCH_SUGGESTION_LIMITS.categories),
      match.matchesNothing ? Promise.resolve([]) : qb.getMany(),
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
}
