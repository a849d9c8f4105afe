import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { fromMinorUnits, type Product } from '@jara/contracts';
import { ProductsService } from '#api-maintenance';
import { intOption, parseOptions, UsageError, type CliContext } from '../context';
import { csvRecord } from '../csv';
import { Progress } from '../progress';

export const exportProductsHelp = `Usage: npm run cli -- export-products --csv [--out <file>] [--batch-size <n>]

Writes every product (all statuses) as CSV (RFC 4180, UTF-8, CRLF), in id order, read in batches through the
API's own ProductsService, so the catalogue never has to fit in memory. Columns:
  ${'id, name, category, category_id, type, price_ngn, stock_quantity, status, description, image_url, sku, weight,'}
  ${'dimensions, discount, flash_start_at, flash_end_at, average_rating, review_count, vendor_id, created_at, updated_at'}
price_ngn is exact naira (kobo as 2 decimals); dates are ISO 8601 in UTC; image_url is the picture's public URL.
Cells that a spreadsheet would run as a formula (starting with = + - @) get a leading single quote; import-products
removes it again. The file is import-products' input format (the extra columns are ignored there).
  --csv          the format (required; CSV is the only one)
  --out          write to this file (replaced only when the export is complete); default: standard output
  --batch-size   products per read (default 1000)`;

export const EXPORT_COLUMNS = [
  'id',
  'name',
  'category',
  'category_id',
  'type',
  'price_ngn',
  'stock_quantity',
  'status',
  'description',
  'image_url',
  'sku',
  'weight',
  'dimensions',
  'discount',
  'flash_start_at',
  'flash_end_at',
  'average_rating',
  'review_count',
  'vendor_id',
  'created_at',
  'updated_at',
] as const;

function exportRow(p: Product): Array<string | number | null> {
  return [
    p.id,
    p.name,
    p.category?.name ?? null,
    p.category_id,
    p.type,
    fromMinorUnits(p.price_kobo),
    p.stock_quantity,
    p.status,
    p.description,
    p.image_url,
    p.sku,
    p.weight,
    p.dimensions,
    p.discount,
    p.flash_start_at,
    p.flash_end_at,
    Number(p.average_rating).toFixed(2),
    p.review_count,
    p.user_id,
    p.created_at,
    p.updated_at,
  ];
}

export async function exportProducts(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { csv: 'boolean', out: 'string', 'batch-size': 'string' });
  if (!options.csv) throw new UsageError('--csv is required (CSV is the only export format).');
  const batchSize = intOption(options['batch-size'], 'batch-size', 1000, 50_000);
  const out = options.out === undefined ? null : String(options.out);

  // A file is written beside its final name and renamed at the end, so --out never holds half an export.
  const partial = out ? `${out}.partial-${process.pid}` : null;
  const file = partial ? createWriteStream(partial) : null;
  if (file) await Promise.race([once(file, 'open'), once(file, 'error').then(([e]) => Promise.reject(e))]);
  const write = async (text: string) => {
    if (file) {
      if (!file.write(text)) await once(file, 'drain');
    } else if (ctx.io.stdout) {
      if (!ctx.io.stdout.write(text)) await once(ctx.io.stdout, 'drain');
    } else {
      ctx.io.out(text.replace(/\r\n$/, ''));
    }
  };

  const app = await ctx.app();
  let count = 0;
  try {
    const products = app.get(ProductsService);
    const progress = new Progress(ctx.io, 'Exporting products', await products.countAll());
    await write(csvRecord([...EXPORT_COLUMNS]));
    let after = 0;
    for (;;) {
      const batch = await products.exportBatch(after, batchSize);
      if (!batch.length) break;
      await write(batch.map((p) => csvRecord(exportRow(p))).join(''));
      count += batch.length;
      after = batch[batch.length - 1].id;
      progress.update(count, Math.max(count, progress.total));
    }
    progress.finish();
    if (file && partial && out) {
      file.end();
      await once(file, 'finish');
      renameSync(partial, out);
    }
  } catch (error) {
    if (file && partial) {
      file.destroy();
      rmSync(partial, { force: true });
    }
    throw error;
  } finally {
    await app.close();
  }
  if (out) ctx.io.out(`Exported ${count} product(s) to ${out}.`);
  else ctx.io.err(`Exported ${count} product(s).`);
  return 0;
}
