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
 * transaction (`m`): taking stock is one conditional UPDATE for every line (affected rows checked), giving it back one
 * UPDATE per product, in product id order (two carts never deadlock).
 */
@Injectable()
export class StockService {
  /**
   * Takes every line or none, in one statement: a conditional UPDATE of every line's product
   * (`stock_quantity >= n` per product, through a CASE on the id), whose affected rows must be the number of products.
   * A short line throws InsufficientStockError (the spec's message, errors.items naming the product); an inactive or
   * unknown product an InvalidError on items. The caller's transaction rolls back whatever the statement took. The rows
   * are matched through the primary key in ascending id order, so two carts lock their rows in the same order.
   */
  async takeStock(m: EntityManager, lines: readonly StockLine[]): Promise<void> {
    const all = merged(lines);
    if (!all.length) return;
    const params: Record<string, number> = {};
    const cases = all.map((line, i) => {
      params[`id${i}`] = line.productId;
      params[`q${i}`] = line.quantity;
      return `WHEN :id${i} THEN :q${i}`;
    });
    // One product: the plain form (`- :q0`, `>= :q0`); several: the quantity of each row by its id.
    const quantity = all.length === 1 ? ':q0' : `CASE id ${cases.join(' ')} END`;
    // Several products: a savepoint, so that a refusal can undo the rows the statement did take and then read the stock
    // as it was (which line is short). One product: an UPDATE that matched nothing changed nothing.
    const savepoint = all.length > 1 && m.queryRunner?.isTransactionActive === true;
    if (savepoint) await m.query('SAVEPOINT take_stock');
    const taken = await m
      .createQueryBuilder()
      .update(Product)
      .set({ stock_quantity: () => `stock_quantity - ${quantity}` })
      .where(`id IN (:...ids) AND status = 1 AND stock_quantity >= ${quantity}`, {
        ...params,
        ids: all.map((line) => line.productId),
      })
      .execute();
    if (taken.affected === all.length) return;
    if (savepoint) await m.query('ROLLBACK TO SAVEPOINT take_stock');
    throw await this.refusal(m, all);
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

  /** Why takeStock matched fewer rows than lines: the first line (by product id) that is unavailable or short now. */
  private async refusal(m: EntityManager, lines: readonly StockLine[]): Promise<Error> {
    const rows = await m.getRepository(Product).find({
      where: { id: In(lines.map((l) => l.productId)) },
      select: ['id', 'name', 'stock_quantity', 'status'],
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const line of lines) {
      const now = byId.get(line.productId);
      if (!now || Number(now.status) !== 1) return invalid('items', MSG.orders.productUnavailable(line.productId));
      if (Number(now.stock_quantity) < line.quantity) return shortOf(now);
    }
    // Every line fits now (stock came back between the UPDATE and this read): the first line is named.
    return shortOf(byId.get(lines[0].productId) as Product);
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
