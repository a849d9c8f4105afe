import sharp from 'sharp';
import { CATEGORY_SEEDS } from './catalogue-data';
import { prng } from './catalogue.seeder';
import { productArtSvg } from './product-art';

describe('demo product pictures', () => {
  it('draws every kind of product the catalogue names, to an 800 px raster, the same on every run', async () => {
    const kinds = new Set(CATEGORY_SEEDS.flatMap((c) => c.products.map((p) => p[2])));
    expect(kinds.size).toBeGreaterThan(20);
    for (const kind of kinds) {
      const svg = productArtSvg(kind, '#1f6feb', prng(7));
      expect(svg.equals(productArtSvg(kind, '#1f6feb', prng(7)))).toBe(true);
      const meta = await sharp(await sharp(svg).png().toBuffer()).metadata();
      expect([meta.width, meta.height]).toEqual([800, 800]);
    }
  });

  it('varies pictures of the same kind (colours, tilt, accents) and draws no text', () => {
    const a = productArtSvg('phone', '#1f6feb', prng(1)).toString();
    const b = productArtSvg('phone', '#1f6feb', prng(2)).toString();
    expect(a).not.toEqual(b);
    expect(a).not.toContain('<text');
  });

  it('names real products with whole-naira prices, and no product twice within a category', () => {
    for (const category of CATEGORY_SEEDS) {
      const names = category.products.map((p) => p[0]);
      expect(new Set(names).size).toBe(names.length);
      for (const [, naira] of category.products) expect(Number.isInteger(naira) && naira >= 500).toBe(true);
      expect(category.variants.length).toBeGreaterThan(0);
    }
  });
});
