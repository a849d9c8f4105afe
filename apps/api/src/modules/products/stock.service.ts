import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { MSG } from '@jara/contracts';
import { InsufficientStockError, invalid } from '../../common/errors';
import { Product } from './product.entity';

/** A quantity of one product: what an order line takes from stock or gives back. */
export interface StockLine {
  productId: number;
  quantity: number;
}

/**
 * The one writer of products.stock_quantity for other modules (orders): every change runs inside the caller's
 * transaction (`m`), one conditional UPDATE per product, in product id order (two carts never deadlock).
 */
@Injectable()
export class StockService {
  /**
   * Takes every line or none: `stock_quantity >= n` in each UPDATE (affected rows checked). A short line throws
   * InsufficientStockError (the spec's message, errors.items naming the product); an inactive or unknown product an
   * InvalidError on items. The caller's transaction rolls back whatever was taken before.
   */
  async takeStock(m: EntityManager, lines: readonly StockLine[]): Promise<void> {
    for (const line of merged(lines)) {
      const taken = await m
        .createQueryBuilder()
        .update(Product)
        .set({ stock_quantity: () => 'stock_quantity - :quantity' })
        .where('id = :id AND status = 1 AND stock_quantity >= :quantity', {
          id: line.productId,
          quantity: line.quantity,
        })
        .execute();
      if (taken.affected !== 1) throw await this.refusal(m, line.productId);
    }
  }

  /** Whether every line could be taken now, read only (SQLite's refusal before BEGIN); throws as takeStock does. */
  async assertAvailable(m: EntityManager, lines: readonly StockLine[]): Promise<void> {
    const all = merged(lines);
    const rows = await m.getRepository(Product).find({
      where: { id: In(all.map((l) => l.productId)) },
      select: ['id', 'name', 'stock_quantity', 'status'],
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const line of all) {
      const row = byId.get(line.productId);
      if (!row || Number(row.status) !== 1) throw invalid('items', MSG.orders.productUnavailable(line.productId));
      if (Number(row.stock_quantity) < line.quantity) throw shortOf(row);
    }
  }

  /** Gives the lines' quantities back (a cancelled order, a restocked return). */
  async returnStock(m: EntityManager, lines: readonly StockLine[]): Promise<void> {
    for (const line of merged(lines)) {
      await m
        .createQueryBuilder()
        .update(Product)
        .set({ stock_quantity: () => 'stock_quantity + :quantity' })
        .where('id = :id', { id: line.productId, quantity: line.quantity })
        .execute();
    }
  }

  private async refusal(m: EntityManager, productId: number): Promise<Error> {
    const now = await m
      .getRepository(Product)
      .findOne({ where: { id: productId }, select: ['id', 'name', 'stock_quantity', 'status'] });
    if (!now || Number(now.status) !== 1) return invalid('items', MSG.orders.productUnavailable(productId));
    return shortOf(now);
  }
}

/** One line per product (quantities added), sorted by product id. */
function merged(lines: readonly StockLine[]): StockLine[] {
  const byId = new Map<number, number>();
  for (const line of lines) byId.set(line.productId, (byId.get(line.productId) ?? 0) + line.quantity);
  return [...byId.entries()].sort(([a], [b]) => a - b).map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * A short line of stock: its message is the spec's ('This product is out of stock.') or the quantity left;
 * errors.items names the product either way, so a cart of several lines knows which one to fix.
 */
function shortOf(product: Pick<Product, 'id' | 'name' | 'stock_quantity'>): InsufficientStockError {
  const left = Math.max(0, Number(product.stock_quantity));
  const message = left === 0 ? MSG.orders.outOfStock : MSG.orders.onlyLeft(product.name, left);
  return new InsufficientStockError(message, {
    items: [left === 0 ? `${product.name}: ${MSG.orders.outOfStock}` : message],
  });
}
