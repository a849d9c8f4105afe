import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntitySubscriberInterface, InsertEvent, RemoveEvent, UpdateEvent } from 'typeorm';
import { invalidateListCounts } from '../../common/list/list-query';
import { Product } from './product.entity';

/** The tag of the cached catalogue totals (the products list's countCache). */
export const PRODUCT_COUNTS = 'products';

/**
 * Every write to products through TypeORM (repository saves, query-builder updates, deletes) drops the cached
 * catalogue totals of this data source, so a new, hidden or re-rated product counts at once on this instance.
 */
@Injectable()
export class ProductCountsSubscriber implements EntitySubscriberInterface<Product> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  listenTo() {
    return Product;
  }

  afterInsert(event: InsertEvent<Product>): void {
    invalidateListCounts(event.connection, PRODUCT_COUNTS);
  }

  afterUpdate(event: UpdateEvent<Product>): void {
    invalidateListCounts(event.connection, PRODUCT_COUNTS);
  }

  afterRemove(event: RemoveEvent<Product>): void {
    invalidateListCounts(event.connection, PRODUCT_COUNTS);
  }
}
