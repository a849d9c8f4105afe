import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { FLASH_DEFAULT_HOURS, type ProductType } from '@jara/contracts';
import {
  type AppConfig,
  hashPassword,
  StorageService,
  Category,
  ProductReview,
  Product,
  User,
  reviewAverageSql,
  reviewCountSql,
} from '#api-maintenance';
import {
  CATEGORY_SEEDS,
  REVIEW_COMMENTS,
  REVIEWER_NAMES,
  VENDOR_SEEDS,
  type ArtKind,
  type CategorySeed,
} from './catalogue-data';
import { productArtSvg } from './product-art';

export const DEMO_PRODUCT_COUNT = 308;
const HOUR = 3600_000;

/** Deterministic pseudo-random numbers, so every fresh seed makes the same demo data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The picture rendered here, by the seed itself, to a WebP (lossless: it is re-encoded once more when stored).
 * Only raster images reach storage; uploads never accept SVG.
 */
function drawProductImage(kind: ArtKind, category: CategorySeed, variant: number): Promise<Buffer> {
  return sharp(productArtSvg(kind, category.color, prng(7000 + variant)))
    .webp({ lossless: true, effort: 0 })
    .toBuffer();
}

/**
 * Adds the demo catalogue once: categories, extra vendors, about 300 products with generated images,
 * flash sales ending over the coming days, and reviews that give products real ratings.
 * Skipped when products already exist.
 */
export async function seedCatalogue(
  db: DataSource,
  config: AppConfig,
): Promise<{ categories: number; products: number; reviews: number; skipped: boolean }> {
  const products = db.getRepository(Product);
  if ((await products.count()) > 0) return { categories: 0, products: 0, reviews: 0, skipped: true };
  const random = prng(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const storage = new StorageService(config);

  const categoryRepo = db.getRepository(Category);
  const categories: Array<{ entity: Category; seed: CategorySeed }> = [];
  for (const seed of CATEGORY_SEEDS) {
    let entity = await categoryRepo.findOne({ where: { name: seed.name } });
    if (!entity) {
      entity = categoryRepo.create({ name: seed.name, status: 1 });
      await categoryRepo.insert(entity);
    }
    categories.push({ entity, seed });
  }

  const users = db.getRepository(User);
  const vendorPassword = await hashPassword('Vendor123!');
  const vendors: User[] = [];
  for (const v of VENDOR_SEEDS) {
    let vendor = await users.findOne({ where: { email: v.email } });
    if (!vendor) {
      vendor = users.create({
        email: v.email,
        name: v.name,
        city: v.city,
        country: 'Nigeria',
        role: 'vendor',
        status: '1',
        password_hash: vendorPassword,
        email_verified_at: new Date(),
      });
      await users.insert(vendor);
    }
    vendors.push(vendor);
  }
  const reviewers: User[] = [];
  for (const name of REVIEWER_NAMES) {
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@reviewers.jara.local`;
    let reviewer = await users.findOne({ where: { email } });
    if (!reviewer) {
      reviewer = users.create({
        email,
        name,
        role: 'customer',
        status: '1',
        password_hash: null,
        email_verified_at: new Date(),
        country: 'Nigeria',
      });
      await users.insert(reviewer);
    }
    reviewers.push(reviewer);
  }

  // One picture per product (its variants share it, about 150 in all), drawn from its kind with its own colours
  // and tilt, seeded by the product's first index. Drawn concurrently (sharp's thread pool) and awaited once.
  const images = new Map<string, Promise<string>>();
  const imageFor = (seed: CategorySeed, baseName: string, kind: ArtKind, variant: number) => {
    const key = `${seed.name}/${baseName}`;
    if (!images.has(key))
      images.set(
        key,
        drawProductImage(kind, seed, variant).then((webp) =>
          storage.storeGeneratedVariants('products', webp, { detail: 800, card: 400 }, 1),
        ),
      );
    return images.get(key) as Promise<string>;
  };
  const imageOf: Array<Promise<string>> = [];

  const now = Date.now();
  const rows: Product[] = [];
  for (let i = 0; i < DEMO_PRODUCT_COUNT; i++) {
    const { entity: category, seed } = categories[i % categories.length];
    const round = Math.floor(i / categories.length);
    const [baseName, listNaira, kind] = seed.products[round % seed.products.length];
    const variantRound = Math.floor(round / seed.products.length);
    const name =
      variantRound === 0 ? baseName : `${baseName} – ${seed.variants[(variantRound - 1) % seed.variants.length]}`;
    // Later variants vary a little around the list price (whole ₦100s); the first is the list price.
    const jitter = random();
    const naira =
      variantRound === 0 ? listNaira : Math.max(500, Math.round((listNaira * (0.94 + jitter * 0.12)) / 100) * 100);
    const roll = random();
    const type: ProductType =
      roll < 0.12 ? 'flash' : roll < 0.27 ? 'summer' : roll < 0.45 ? 'trending' : roll < 0.6 ? 'hot' : 'new';
    let flashStart: Date | null = null;
    let flashEnd: Date | null = null;
    if (type === 'flash') {
      // A few end within hours, most over the coming days, one over a week away.
      const endsIn = i % 5 === 0 ? 2 + (i % 7) : i % 11 === 0 ? 24 * 9 : FLASH_DEFAULT_HOURS * (1 + (i % 6));
      flashEnd = new Date(now + endsIn * HOUR);
      flashStart = new Date(now - 6 * HOUR);
    }
    imageOf.push(imageFor(seed, baseName, kind, i));
    rows.push(
      products.create({
        user_id: vendors[i % vendors.length].id,
        name,
        category_id: category.id,
        type,
        description: `${name}, sold by a verified Jara seller. Genuine product with a 30-day return policy, delivered across Nigeria or picked up at our Lagos hub.`,
        price_kobo: naira * 100,
        status: i % 29 === 28 ? 0 : 1,
        image: '',
        stock_quantity: i % 17 === 0 ? 3 : i % 23 === 0 ? 0 : 6 + Math.floor(random() * 120),
        sku: `JR-${String(category.id).padStart(2, '0')}-${String(i + 1).padStart(4, '0')}`,
        weight: `${(0.2 + random() * 12).toFixed(1)} kg`,
        dimensions: `${10 + Math.floor(random() * 60)} x ${10 + Math.floor(random() * 40)} x ${5 + Math.floor(random() * 30)} cm`,
        discount: i % 6 === 0 ? `${5 + (i % 4) * 5}%` : null,
        flash_start_at: flashStart,
        flash_end_at: flashEnd,
        average_rating: 0,
        review_count: 0,
        created_at: new Date(now - i * 7 * HOUR),
      }),
    );
  }

  for (const [index, image] of (await Promise.all(imageOf)).entries()) rows[index].image = image;

  let reviews = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 50) await tx.getRepository(Product).insert(rows.slice(i, i + 50));
    const reviewRows: ProductReview[] = [];
    for (const [index, product] of rows.entries()) {
      if (index % 5 === 4) continue; // some products have no reviews yet
      const count = 1 + Math.floor(random() * 5);
      const bias = 2 + random() * 3;
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(Math.floor(random() * reviewers.length));
      for (const r of chosen) {
        const rating = Math.min(5, Math.max(1, Math.round(bias + (random() - 0.3) * 2)));
        reviewRows.push(
          tx
            .getRepository(ProductReview)
            .create({ product_id: product.id, user_id: reviewers[r].id, rating, comment: pick(REVIEW_COMMENTS) }),
        );
      }
    }
    for (let i = 0; i < reviewRows.length; i += 100)
      await tx.getRepository(ProductReview).insert(reviewRows.slice(i, i + 100));
    reviews = reviewRows.length;
    // The API's rating rule (product-rating.ts); products without reviews keep their 0.
    await tx.query(
      `UPDATE products SET
        average_rating = COALESCE(${reviewAverageSql('products.id')}, 0),
        review_count = ${reviewCountSql('products.id')}`,
    );
  });
  return { categories: categories.length, products: rows.length, reviews, skipped: false };
}
