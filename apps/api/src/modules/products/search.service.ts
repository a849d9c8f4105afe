import { Injectable } from '@nestjs/common';
import { SEARCH_SUGGESTION_LIMITS, type SearchSuggestions } from '@jara/contracts';
import { LIKE_ESCAPE, likePattern } from '../../common/list/list-query';
import { CategoriesService } from '../categories/categories.service';
import { ProductsService } from './products.service';

/** Search box suggestions (spec 2.8, 9): at most 3 categories and 7 results in all, case-insensitive. */
@Injectable()
export class SearchService {
  constructor(
    private readonly categories: CategoriesService,
    private readonly products: ProductsService,
  ) {}

  async suggestions(q: string): Promise<SearchSuggestions> {
    const text = q.trim();
    if (!text) return { categories: [], products: [] };
    const pattern = likePattern(text);
    const categories = await this.categories.suggest(text, SEARCH_SUGGESTION_LIMITS.categories);
    const products = await this.products
      .baseQuery()
      .where('p.status = 1')
      .andWhere(`LOWER(p.name) LIKE :pattern ${LIKE_ESCAPE}`, { pattern })
      .orderBy('p.average_rating', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .limit(SEARCH_SUGGESTION_LIMITS.total - categories.length)
      .getMany();
    return {
      categories,
      products: products.map((p) => {
        const dto = this.products.present(p);
        return { id: dto.id, name: dto.name, price_ngn: dto.price_ngn, average_rating: dto.average_rating, image_card_url: dto.image_card_url, category: dto.category };
      }),
    };
  }
}
