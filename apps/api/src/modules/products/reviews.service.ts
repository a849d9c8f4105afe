import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { MSG, type ProductReview as ReviewDto } from '@jara/contracts';
import { integerFilter, ListResult, paginate, type ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import type { CreateReviewDto } from './dto/product.dto';
import { ProductReview } from './product-review.entity';
import { Product } from './product.entity';

@Injectable()
export class ReviewsService {
  constructor(
    @InjectRepository(ProductReview) private readonly reviews: Repository<ProductReview>,
    @InjectRepository(Product) private readonly products: Repository<Product>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async list(productId: number, query: ListQuery): Promise<ListResult<ReviewDto>> {
    await this.activeProduct(productId);
    const qb = this.reviews.createQueryBuilder('r').leftJoin('r.user', 'u').addSelect(['u.id', 'u.name']).where('r.product_id = :productId', { productId });
    const page = await paginate(qb, query, {
      sortable: { created_at: 'r.created_at', rating: 'r.rating' },
      filterable: { rating: integerFilter('r.rating') },
      defaultSort: { field: 'created_at', order: 'DESC' },
      tiebreaker: 'r.id',
      limitOffset: true,
    });
    return page.map((r) => this.present(r));
  }

  /**
   * Adds or replaces the caller's review and recomputes the product's average and count in the same
   * transaction, from the reviews themselves (so concurrent reviews cannot leave them out of step).
   */
  async upsert(user: User, productId: number, dto: CreateReviewDto): Promise<ReviewDto> {
    const product = await this.activeProduct(productId);
    if (product.user_id === user.id) throw new ForbiddenException('You cannot review your own product.');
    await this.db.transaction(async (tx) => {
      const repo = tx.getRepository(ProductReview);
      const existing = await repo.findOne({ where: { product_id: productId, user_id: user.id } });
      if (existing) await repo.update({ id: existing.id }, { rating: dto.rating, comment: dto.comment ?? null });
      else await repo.insert(repo.create({ product_id: productId, user_id: user.id, rating: dto.rating, comment: dto.comment ?? null }));
      await tx
        .createQueryBuilder()
        .update(Product)
        .set({
          average_rating: () => '(SELECT ROUND(AVG(r.rating), 2) FROM product_reviews r WHERE r.product_id = :pid)',
          review_count: () => '(SELECT COUNT(*) FROM product_reviews r WHERE r.product_id = :pid)',
        })
        .where('id = :pid', { pid: productId })
        .execute();
    });
    const row = await this.reviews.createQueryBuilder('r').leftJoin('r.user', 'u').addSelect(['u.id', 'u.name']).where('r.product_id = :productId AND r.user_id = :userId', { productId, userId: user.id }).getOneOrFail();
    return this.present(row);
  }

  private async activeProduct(id: number): Promise<Product> {
    const product = await this.products.findOne({ where: { id } });
    if (!product || Number(product.status) !== 1) throw new NotFoundException(MSG.product.notFound);
    return product;
  }

  private present(r: ProductReview): ReviewDto {
    return {
      id: r.id,
      product_id: r.product_id,
      user: { id: r.user?.id ?? r.user_id, name: r.user?.name ?? null },
      rating: r.rating,
      comment: r.comment,
      created_at: new Date(r.created_at).toISOString(),
    };
  }
}
