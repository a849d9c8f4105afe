import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Product as ProductDto } from '@jara/contracts';
import { UsersService } from '../users/users.service';
import { Product } from './product.entity';
import { NotFoundError } from '../../common/errors';
import { ProductsService } from './products.service';

export interface SellerProfile {
  id: number;
  name: string | null;
  city: string | null;
  image: string | null;
  member_since: string;
  product_count: number;
  average_rating: number;
  products: ProductDto[];
}

/** A vendor's public page: name, city, active products and their average rating. */
@Injectable()
export class SellersService {
  constructor(
    @InjectRepository(Product) private readonly repo: Repository<Product>,
    private readonly users: UsersService,
    private readonly products: ProductsService,
  ) {}

  async profile(id: number): Promise<SellerProfile> {
    const user = await this.users.findById(id);
    if (!user || user.role !== 'vendor' || user.status !== '1') throw new NotFoundError('Seller not found.');
    const stats = await this.repo
      .createQueryBuilder('p')
      .select('COUNT(*)', 'n')
      .addSelect('AVG(CASE WHEN p.average_rating > 0 THEN p.average_rating END)', 'avg')
      .where('p.user_id = :id AND p.status = 1', { id })
      .getRawOne<{ n: string | number; avg: string | number | null }>();
    const rows = await this.products
      .baseQuery()
      .where('p.user_id = :id AND p.status = 1', { id })
      .orderBy('p.average_rating', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .limit(12)
      .getMany();
    const presented = this.users.present(user);
    return {
      id: user.id,
      name: user.name,
      city: user.city,
      image: presented.image,
      member_since: presented.created_at,
      product_count: Number(stats?.n ?? 0),
      average_rating: Math.round(Number(stats?.avg ?? 0) * 100) / 100,
      products: rows.map((p) => this.products.present(p)),
    };
  }

  /** Vendors with active products, best rated first (for 'Top Verified Sellers'). */
  async top(
    limit = 3,
  ): Promise<Array<{ id: number; name: string | null; product_count: number; average_rating: number }>> {
    const rows = await this.repo
      .createQueryBuilder('p')
      .innerJoin('p.owner', 'o')
      .select('o.id', 'id')
      .addSelect('o.name', 'name')
      .addSelect('COUNT(*)', 'n')
      .addSelect('AVG(CASE WHEN p.average_rating > 0 THEN p.average_rating END)', 'avg')
      .where("p.status = 1 AND o.role = 'vendor' AND o.status = '1'")
      .groupBy('o.id')
      .addGroupBy('o.name')
      .orderBy('avg', 'DESC')
      .limit(limit)
      .getRawMany<{ id: number; name: string | null; n: string | number; avg: string | number | null }>();
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      product_count: Number(r.n),
      average_rating: Math.round(Number(r.avg ?? 0) * 100) / 100,
    }));
  }
}
