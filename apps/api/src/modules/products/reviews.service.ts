import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { MSG, ORDER_STATUS, type ProductReview as ReviewDto } from '@jara/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../common/errors';
import { inTransaction, isUniqueViolation } from '../../database/transaction';
import { OrderItem } from '../orders/order.entity';
import { integerFilter, ListResult, paginate, type ListQuery } from '../../common/list/list-query';
import type { User } from '../users/user.entity';
import type { CreateReviewDto } from '@jara/dto';
import { ProductReview } from './product-review.entity';
import { reviewAverageSql, reviewCountSql } from './product-rating';
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
    const qb = this.reviews
      .createQueryBuilder('r')
      .leftJoin('r.user', 'u')
      .addSelect(['u.id', 'u.name'])
      .where('r.product_id = :productId', { productId });
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
   * A buyer's review (the To Review tab's 'Leave a Review'): allowed for a line of this product in one of the
   * caller's orders at To Review (3), once per line (order_id picks the order when there are several). The product's
   * average and count are recomputed from the reviews in the same transaction.
   */
  async create(user: User, productId: number, dto: CreateReviewDto): Promise<ReviewDto> {
    const product = await this.activeProduct(productId);
    if (product.user_id === user.id) throw new ForbiddenError('You cannot review your own product.');
    const eligible = () => {
      const qb = this.db
        .getRepository(OrderItem)
        .createQueryBuilder('i')
        .innerJoin('i.order', 'o')
        .where('o.user_id = :userId AND o.status = :toReview AND i.product_id = :productId', {
          userId: user.id,
          toReview: ORDER_STATUS.TO_REVIEW,
          productId,
        });
      if (dto.order_id) qb.andWhere('o.id = :orderId', { orderId: dto.order_id });
      return qb;
    };
    const line = await eligible()
      .andWhere('NOT EXISTS (SELECT 1 FROM product_reviews r WHERE r.order_item_id = i.id)')
      .orderBy('i.id', 'ASC')
      .getOne();
    if (!line) {
      if (await eligible().getExists()) throw new ConflictError(MSG.orders.reviewAlreadyLeft);
      throw new ForbiddenError(MSG.orders.reviewNotAllowed);
    }
    let id = 0;
    try {
      await inTransaction(
        this.db,
        async (tx) => {
          const repo = tx.getRepository(ProductReview);
          const row = repo.create({
            product_id: productId,
            user_id: user.id,
            order_item_id: line.id,
            rating: dto.rating,
            comment: dto.comment ?? null,
          });
          await repo.insert(row);
          id = row.id;
          await tx
            .createQueryBuilder()
            .update(Product)
            .set({
              average_rating: () => reviewAverageSql(':pid'),
              review_count: () => reviewCountSql(':pid'),
            })
            .where('id = :pid', { pid: productId })
            .execute();
        },
        {
          // SQLite: a review of this line written while this request waited is refused before BEGIN.
          before: async (m) => {
            if (await m.exists(ProductReview, { where: { order_item_id: line.id } }))
              throw new ConflictError(MSG.orders.reviewAlreadyLeft);
          },
        },
      );
    } catch (error) {
      // Two reviews of one line at once (MySQL/MariaDB): the unique index keeps one.
      if (isUniqueViolation(error)) throw new ConflictError(MSG.orders.reviewAlreadyLeft);
      throw error;
    }
    const row = await this.reviews
      .createQueryBuilder('r')
      .leftJoin('r.user', 'u')
      .addSelect(['u.id', 'u.name'])
      .where('r.id = :id', { id })
      .getOneOrFail();
    return this.present(row);
  }

  private async activeProduct(id: number): Promise<Product> {
    const product = await this.products.findOne({ where: { id } });
    if (!product || Number(product.status) !== 1) throw new NotFoundError(MSG.product.notFound);
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
