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
import { CATEGORY_SEEDS, REVIEW_COMMENTS, REVIEWER_NAMES, VENDOR_SEEDS, type CategorySeed } from './catalogue-data';

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

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A product picture drawn here (no downloads): the category colour, a shape and the product's initials. */
function productSvg(name: string, category: CategorySeed, variant: number): Buffer {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
  const shapes = [
    `<circle cx="620" cy="180" r="150" fill="#ffffff22"/>`,
    `<rect x="470" y="60" width="260" height="260" rx="48" fill="#ffffff22" transform="rotate(18 600 190)"/>`,
    `<polygon points="600,40 760,320 440,320" fill="#ffffff22"/>`,
  ];
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${category.color}"/><stop offset="1" stop-color="#101828"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  ${shapes[variant % shapes.length]}
  <circle cx="180" cy="660" r="240" fill="#ffffff12"/>
  <text x="400" y="440" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="220" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initials)}</text>
  <text x="400" y="560" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="44" fill="#ffffffcc" text-anchor="middle">${escapeXml(name)}</text>
  <text x="400" y="740" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="32" fill="#ffffff99" text-anchor="middle">Jara · ${escapeXml(category.name)}</text>
</svg>`);
}

/**
 * The picture rendered here, by the seed itself, to a WebP (lossless: it is re-encoded once more when stored).
 * Only raster images reach storage; uploads never accept SVG.
 */
function drawProductImage(name: string, category: CategorySeed, variant: number): Promise<Buffer> {
  return sharp(productSvg(name, category, variant))
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

  // One picture per category item (about 110), shared by that item's brands: quick to draw on first start.
  const images = new Map<string, Promise<string>>();
  const imageFor = (seed: CategorySeed, item: string, variant: number) => {
    const key = `${seed.name}/${item}`;
    if (!images.has(key))
      images.set(
        key,
        drawProductImage(item, seed, variant).then((webp) =>
          storage.storeGeneratedVariants('products', webp, { detail: 800, card: 400 }, 1),
        ),
      );
    return images.get(key) as Promise<string>;
  };

  const now = Date.now();
  const rows: Product[] = [];
  for (let i = 0; i < DEMO_PRODUCT_COUNT; i++) {
    const { entity: category, seed } = categories[i % categories.length];
    const item = seed.items[Math.floor(i / categories.length) % seed.items.length];
    const brand = seed.brands[(i * 7 + Math.floor(i / categories.length)) % seed.brands.length];
    const round = (n: number) => Math.max(500, Math.round(n / 500) * 500);
    const naira = round(seed.price[0] + (seed.price[1] - seed.price[0]) * Math.pow(random(), 2));
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
    const image = await imageFor(seed, item, i);
    rows.push(
      products.create({
        user_id: vendors[i % vendors.length].id,
        name: `${brand} ${item}`,
        category_id: category.id,
        type,
        description: `${brand} ${item}, sold by a verified Jara seller. Genuine product with a 30-day return policy, delivered across Nigeria or picked up at our Lagos hub.`,
        price_kobo: naira * 100,
        status: i % 29 === 28 ? 0 : 1,
        image,
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
