import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ListCountsSubscriber } from '../../common/list/list-counts.subscriber';
import { Product } from './product.entity';

/** The tag of the cached catalogue totals (the products list's countCache). */
export const PRODUCT_COUNTS = 'products';

/** Every product write drops the cached catalogue totals: a new, hidden or re-rated product counts at once. */
@Injectable()
export class ProductCountsSubscriber extends ListCountsSubscriber<Product> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, Product, PRODUCT_COUNTS);
  }
}
