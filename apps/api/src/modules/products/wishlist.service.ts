import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MSG, type Product as ProductDto } from '@jara/contracts';
import { NotFoundError } from '../../common/errors';
import { ListResult, paginate, type ListQuery } from '../../common/list/list-query';
import { Product } from './product.entity';
import { ProductsService } from './products.service';
import { WishlistItem } from './wishlist-item.entity';

@Injectable()
export class WishlistService {
  constructor(
    @InjectRepository(WishlistItem) private readonly items: Repository<WishlistItem>,
    @InjectRepository(Product) private readonly products: Repository<Product>,
    private readonly catalogue: ProductsService,
  ) {}

  /** The user's wished-for products (active ones), newest first. */
  async list(userId: number, query: ListQuery): Promise<ListResult<ProductDto>> {
    const qb = this.catalogue
      .baseQuery()
      .innerJoin(WishlistItem, 'w', 'w.product_id = p.id AND w.user_id = :userId', { userId })
      .where('p.status = 1');
    const page = await paginate(qb, query, {
      sortable: { created_at: 'p.created_at', price_ngn: 'p.price_kobo', name: { expr: 'p.name', text: true } },
      defaultSort: { field: 'created_at', order: 'DESC' },
      tiebreaker: 'p.id',
      limitOffset: true,
    });
    return page.map((p) => this.catalogue.present(p));
  }

  async ids(userId: number): Promise<number[]> {
    const rows = await this.items.find({ where: { user_id: userId }, select: { product_id: true } });
    return rows.map((r) => r.product_id);
  }

  /** Idempotent: adding twice keeps one row. */
  async add(userId: number, productId: number): Promise<void> {
    const product = await this.products.findOne({ where: { id: productId } });
    if (!product || Number(product.status) !== 1) throw new NotFoundError(MSG.product.notFound);
    await this.items
      .createQueryBuilder()
      .insert()
      .into(WishlistItem)
      .values({ user_id: userId, product_id: productId })
      .orIgnore()
      .execute();
  }

  async remove(userId: number, productId: number): Promise<void> {
    await this.items.delete({ user_id: userId, product_id: productId });
  }
}
