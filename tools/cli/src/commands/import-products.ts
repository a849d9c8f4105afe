import type { ArgumentMetadata, INestApplicationContext } from '@nestjs/common';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import {
  Category,
  createValidationPipe,
  CreateProductDto,
  DomainError,
  InvalidError,
  ProductRowError,
  ProductsService,
  StorageService,
  UsersService,
  type AppConfig,
  type NewProductItem,
  type User,
} from '#api-maintenance';
import { intOption, parseOptions, UsageError, type CliContext } from '../context';
import { CsvSyntaxError, parseCsv, unescapeFormula } from '../csv';
import { asUpload, fetchImage, ImageSourceError, readImageFile } from '../images';
import { Progress } from '../progress';

export const importProductsHelp = `Usage: npm run cli -- import-products --csv <file> --vendor <email|id> [--dry-run] [--image-timeout <s>]

Creates the products of a CSV file (RFC 4180, UTF-8, a header row) for one vendor, all or nothing:
  1. every row is checked as POST /products checks a request (the API's CreateProductDto and validation pipe,
     then ProductsService's own checks: price, active category, flash window, free SKU), and every image is
     fetched and checked by content like an upload (JPEG, PNG, GIF or WebP);
  2. if any row is refused, the refused rows are listed (row number as a spreadsheet shows it, the header being
     row 1; the column; the message) and NOTHING is imported (exit 1);
  3. otherwise the images are stored and every product is inserted in ONE transaction (a failure there still
     rolls back everything and names the row).
Columns (the header names them, in any order; export-products writes this format):
  name, category (a category name or id; or category_id), type, price_ngn (naira, at most 2 decimals; or price),
  description, status (1 active, 0 inactive), and optionally stock_quantity, sku, weight, dimensions, discount,
  flash_start_at, flash_end_at (ISO 8601; required for type flash), image_url (or image).
  id, average_rating, review_count, vendor_id, created_at and updated_at are ignored: ids are new, ratings come
  from reviews. Any other column is an error. A leading single quote before = + - @ (export-products' protection
  against spreadsheet formulas) is removed.
Images: an http(s) URL (downloaded with --image-timeout and UPLOAD_MAX_BYTES as limits) or a file path (relative
paths are read from the CSV file's folder).
  --csv             the CSV file to import
  --vendor          the owner of every product: an active, verified vendor or admin (e-mail or user id)
  --dry-run         check every row and image, report, and import nothing
  --image-timeout   seconds allowed per image download (default 20)`;

const IGNORED = new Set(['id', 'average_rating', 'review_count', 'vendor_id', 'created_at', 'updated_at']);
const TEXT = ['name', 'type', 'description', 'status', 'stock_quantity', 'sku', 'weight', 'dimensions', 'discount'];
const DATES = ['flash_start_at', 'flash_end_at'];
const KNOWN = new Set([...TEXT, ...DATES, 'category', 'category_id', 'price_ngn', 'price', 'image_url', 'image']);
const MAX_REPORTED = 200;

interface RowProblem {
  row: number;
  field: string;
  message: string;
}

/** How the header's columns map to the DTO. */
interface Layout {
  index: Map<string, number>;
  category: string | null;
  price: string;
  image: string | null;
  width: number;
}

function layoutOf(header: string[]): Layout {
  const names = header.map((h) => h.trim().toLowerCase());
  const index = new Map<string, number>();
  const unknown: string[] = [];
  names.forEach((name, i) => {
    if (index.has(name)) throw new InputError(`The header names column "${name}" twice.`);
    if (!KNOWN.has(name) && !IGNORED.has(name)) unknown.push(name || `(empty, column ${i + 1})`);
    index.set(name, i);
  });
  if (unknown.length)
    throw new InputError(
      `Unknown column(s) in the header: ${unknown.join(', ')}. Run "npm run cli -- import-products --help" for the columns.`,
    );
  const missing = ['name', 'type', 'description', 'status'].filter((c) => !index.has(c));
  if (!index.has('price_ngn') && !index.has('price')) missing.push('price_ngn');
  if (!index.has('category') && !index.has('category_id')) missing.push('category');
  if (missing.length) throw new InputError(`The header lacks column(s): ${missing.join(', ')}.`);
  return {
    index,
    category: index.has('category') ? 'category' : index.has('category_id') ? 'category_id' : null,
    price: index.has('price_ngn') ? 'price_ngn' : 'price',
    image: index.has('image_url') ? 'image_url' : index.has('image') ? 'image' : null,
    width: names.length,
  };
}

/** The CSV column a DTO field came from, for the report. */
function columnFor(layout: Layout, field: string): string {
  if (field === 'category_id') return layout.category ?? 'category';
  if (field === 'price' || field === 'price_ngn') return layout.price;
  if (field === 'image' || field === 'image_url') return layout.image ?? 'image_url';
  return field;
}

/** A problem with the file as a whole (not one row): exit 1 with the message. */
class InputError extends Error {}

/** Reads the CSV's records: the header first, then every product row. */
async function* records(file: string) {
  yield* parseCsv(createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 }));
}

interface Importer {
  app: INestApplicationContext;
  products: ProductsService;
  categories: Map<string, number>;
  layout: Layout;
  file: string;
  pipe: ReturnType<typeof createValidationPipe>;
}

/** One row as the API would receive it as a form, validated by the API's pipe and DTO. Answers the DTO or problems. */
async function buildDto(
  importer: Importer,
  row: number,
  fields: string[],
): Promise<{ dto: CreateProductDto; image: string } | { problems: RowProblem[] }> {
  const { layout } = importer;
  if (fields.length > layout.width)
    return {
      problems: [
        { row, field: '(row)', message: `${fields.length} cells, but the header has ${layout.width} columns.` },
      ],
    };
  const cell = (name: string) => {
    const i = layout.index.get(name);
    return i === undefined ? '' : unescapeFormula(fields[i] ?? '');
  };
  const body: Record<string, string> = {};
  for (const name of [...TEXT, ...DATES]) body[name] = cell(name);
  body[layout.price === 'price_ngn' ? 'price_ngn' : 'price'] = cell(layout.price);

  // The category by name (as export-products writes it) or by id; category wins over category_id when both are there.
  const problems: RowProblem[] = [];
  let categoryColumn = layout.category as string;
  let category = cell('category').trim();
  if (!category && layout.index.has('category_id')) {
    category = cell('category_id').trim();
    categoryColumn = 'category_id';
  }
  if (/^\d+$/.test(category)) body.category_id = category;
  else if (category) {
    const id = importer.categories.get(category.toLowerCase());
    if (id === undefined) problems.push({ row, field: categoryColumn, message: `No category is named "${category}".` });
    else body.category_id = String(id);
  } else body.category_id = '';

  const column = (field: string) => (field === 'category_id' ? categoryColumn : columnFor(layout, field));
  const metadata: ArgumentMetadata = { type: 'body', metatype: CreateProductDto, data: '' };
  try {
    const dto = (await importer.pipe.transform(body, metadata)) as CreateProductDto;
    if (problems.length) return { problems };
    return { dto, image: layout.image ? cell(layout.image).trim() : '' };
  } catch (error) {
    if (!(error instanceof InvalidError) || !error.errors) throw error;
    for (const [field, messages] of Object.entries(error.errors)) {
      // An unknown category name was already reported; the DTO then only adds "Please choose a category."
      if (field === 'category_id' && problems.some((p) => p.field === categoryColumn)) continue;
      for (const message of messages) problems.push({ row, field: column(field), message });
    }
    return { problems };
  }
}

/** The problems a service refusal names (a domain error: an InvalidError's fields, or another one's message). */
function problemsOf(row: number, error: unknown, column: (field: string) => string): RowProblem[] {
  if (error instanceof InvalidError && error.errors)
    return Object.entries(error.errors).flatMap(([field, messages]) =>
      messages.map((message) => ({ row, field: column(field), message })),
    );
  if (error instanceof DomainError) return [{ row, field: '(row)', message: error.message }];
  throw error;
}

export async function importProducts(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, {
    csv: 'string',
    vendor: 'string',
    'dry-run': 'boolean',
    'image-timeout': 'string',
  });
  if (!options.csv) throw new UsageError('--csv <file> is required.');
  if (!options.vendor) throw new UsageError('--vendor <email|id> is required.');
  const file = resolve(String(options.csv));
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`--csv: no file at ${file}.`);
  const timeoutMs = intOption(options['image-timeout'], 'image-timeout', 20, 600) * 1000;
  const dryRun = options['dry-run'] === true;
  const vendorKey = String(options.vendor).trim();

  const app = await ctx.app();
  const scratch = await mkdtemp(join(tmpdir(), 'jara-import-'));
  try {
    const products = app.get(ProductsService);
    const users = app.get(UsersService);
    const vendor = /^\d+$/.test(vendorKey)
      ? await users.findById(Number(vendorKey))
      : await users.findByEmail(vendorKey);
    if (!vendor) {
      ctx.io.err(`No user ${/^\d+$/.test(vendorKey) ? 'has id' : 'has the e-mail'} ${vendorKey}; nothing imported.`);
      return 1;
    }
    try {
      products.assertSeller(vendor);
    } catch (error) {
      ctx.io.err(`${(error as Error).message} Nothing imported.`);
      return 1;
    }
    const categories = new Map(
      (await app.get(DataSource).getRepository(Category).find()).map((c) => [c.name.trim().toLowerCase(), c.id]),
    );

    const pass = await checkRows(
      ctx,
      { app, products, categories, file, pipe: createValidationPipe((errors) => new InvalidError(errors)) },
      scratch,
      {
        timeoutMs,
      },
    );
    if ('failure' in pass) {
      ctx.io.err(`${pass.failure} Nothing imported.`);
      return 1;
    }
    if (pass.problems.length) {
      report(ctx, pass.problems, pass.rows);
      return 1;
    }
    if (!pass.rows) {
      ctx.io.err(`${basename(file)} has a header but no product rows; nothing imported.`);
      return 1;
    }
    if (dryRun) {
      ctx.io.out(
        `Dry run: all ${pass.rows} row(s) are valid (${pass.images.size} image(s) checked); nothing imported.`,
      );
      return 0;
    }
    return await insertRows(ctx, { ...pass.importer }, vendor, pass.images, pass.rows);
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await app.close();
  }
}

/**
 * Pass 1: checks every row (DTO, service checks, SKU repeated in the file, image) without writing anything.
 * Downloaded images wait in `scratch` for pass 2; they are checked by the API's own StorageService writing to a
 * scratch folder, so a dry run leaves the real media store untouched.
 */
async function checkRows(
  ctx: CliContext,
  base: Omit<Importer, 'layout'>,
  scratch: string,
  limits: { timeoutMs: number },
): Promise<
  { failure: string } | { problems: RowProblem[]; rows: number; images: Map<number, string>; importer: Importer }
> {
  const checker = new StorageService(scratchConfig(ctx.config, scratch));
  const maxBytes = ctx.config.uploads.maxBytes;
  const images = new Map<number, string>();
  const byUrl = new Map<string, { path: string } | { error: string }>();
  const skus = new Map<string, number>();
  const problems: RowProblem[] = [];
  const progress = new Progress(ctx.io, 'Checking rows');
  let importer: Importer | null = null;
  let rows = 0;
  try {
    for await (const { row, fields } of records(base.file)) {
      if (!importer) {
        importer = { ...base, layout: layoutOf(fields) };
        continue;
      }
      rows++;
      progress.update(rows);
      const built = await buildDto(importer, row, fields);
      if ('problems' in built) {
        problems.push(...built.problems);
        continue;
      }
      const { layout } = importer;
      const column = (field: string) => columnFor(layout, field);
      try {
        await importer.products.checkNew(built.dto);
      } catch (error) {
        problems.push(...problemsOf(row, error, column));
      }
      if (built.dto.sku) {
        const earlier = skus.get(built.dto.sku);
        if (earlier !== undefined)
          problems.push({
            row,
            field: 'sku',
            message: `The SKU ${built.dto.sku} is also in row ${earlier} of this file.`,
          });
        else skus.set(built.dto.sku, row);
      }
      if (built.image) {
        const source = built.image;
        let cached = byUrl.get(source);
        if (!cached) {
          try {
            const bytes = await readSource(source, dirname(base.file), { timeoutMs: limits.timeoutMs, maxBytes });
            // The upload check itself (content sniffing, decoding, re-encoding), into the scratch store.
            await checker.saveImageVariants('check', asUpload(bytes, basename(source)), 'image');
            const path = join(scratch, `image-${byUrl.size}`);
            await writeFile(path, bytes);
            cached = { path };
          } catch (error) {
            if (error instanceof ImageSourceError) cached = { error: error.message };
            else if (error instanceof InvalidError)
              cached = { error: Object.values(error.errors ?? {}).flat()[0] ?? 'Not an image.' };
            else throw error;
          }
          byUrl.set(source, cached);
        }
        if ('error' in cached) problems.push({ row, field: column('image'), message: cached.error });
        else images.set(row, cached.path);
      }
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError || error instanceof InputError) return { failure: error.message };
    throw error;
  } finally {
    progress.finish();
  }
  if (!importer) return { failure: `${basename(base.file)} is empty (no header row).` };
  return { problems, rows, images, importer };
}

/** An image cell's bytes: an http(s) URL downloaded within the limits, or a file (relative to the CSV's folder). */
function readSource(source: string, folder: string, limits: { timeoutMs: number; maxBytes: number }): Promise<Buffer> {
  if (/^https?:\/\//i.test(source)) return fetchImage(source, limits);
  if (/^[a-z][a-z0-9+.-]+:/i.test(source))
    return Promise.reject(new ImageSourceError('An image must be an http(s) URL or a file path.'));
  return readImageFile(resolve(folder, source), limits.maxBytes);
}

/** Pass 2: stores the images, then creates every product in one transaction (ProductsService.createMany). */
async function insertRows(
  ctx: CliContext,
  importer: Importer,
  vendor: User,
  images: Map<number, string>,
  rows: number,
): Promise<number> {
  const stored = new Map<number, string>();
  const byPath = new Map<string, string>();
  const storing = new Progress(ctx.io, 'Storing images', images.size);
  const removeStored = async () => {
    for (const key of new Set(stored.values())) await importer.products.removeImage(key).catch(() => undefined);
  };
  try {
    for (const [row, path] of images) {
      // Rows that share one picture share one stored copy, as they shared one download.
      let key = byPath.get(path);
      if (!key) {
        key = await importer.products.storeImage(asUpload(await readFile(path), basename(path)));
        byPath.set(path, key);
      }
      stored.set(row, key);
      storing.tick();
    }
    storing.finish();
  } catch (error) {
    await removeStored();
    throw error;
  }

  const inserting = new Progress(ctx.io, 'Importing products', rows);
  async function* items(): AsyncGenerator<NewProductItem> {
    let header = true;
    for await (const { row, fields } of records(importer.file)) {
      if (header) {
        header = false;
        continue;
      }
      const built = await buildDto(importer, row, fields);
      if ('problems' in built) throw new ProductRowError(row, new Error(built.problems[0].message));
      yield { row, dto: built.dto, image: stored.get(row) ?? null };
    }
  }
  try {
    const created = await importer.products.createMany(vendor, items(), () => inserting.tick());
    inserting.finish();
    ctx.io.out(`Imported ${created} product(s) for ${vendor.email}.`);
    return 0;
  } catch (error) {
    inserting.finish();
    await removeStored();
    if (!(error instanceof ProductRowError)) throw error;
    const column = (field: string) => columnFor(importer.layout, field);
    let problems: RowProblem[];
    try {
      problems = problemsOf(error.row, error.reason, column);
    } catch {
      problems = [
        { row: error.row, field: '(row)', message: (error.reason as Error)?.message ?? String(error.reason) },
      ];
    }
    report(ctx, problems, rows, 'the import was rolled back');
    return 1;
  }
}

function report(ctx: CliContext, problems: RowProblem[], rows: number, outcome = 'nothing was imported'): void {
  const rejected = new Set(problems.map((p) => p.row)).size;
  const lines = problems.slice(0, MAX_REPORTED).map((p) => `  row ${p.row}, ${p.field}: ${p.message}`);
  if (problems.length > MAX_REPORTED) lines.push(`  ... and ${problems.length - MAX_REPORTED} more problem(s).`);
  ctx.io.err(`Rejected ${rejected} of ${rows} row(s); ${outcome}:\n${lines.join('\n')}`);
}

/** The configuration with the media stores on a scratch folder: the upload check runs, the real store is untouched. */
function scratchConfig(config: AppConfig, scratch: string): AppConfig {
  return {
    ...config,
    uploads: { ...config.uploads, dir: join(scratch, 'media'), privateDir: join(scratch, 'private') },
    storage: { ...config.storage, s3: null },
  };
}
