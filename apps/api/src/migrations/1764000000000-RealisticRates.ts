import { MigrationInterface, QueryRunner } from 'typeorm';

/** The date the reference rates below were taken (SEED_RATES_AS_OF in the contracts). */
const RATES_AS_OF = new Date('2026-11-20T00:00:00.000Z');

/**
 * Issue 22: section 9's placeholder rates (CNY 13 and ZAR 130 per USD) turned ₦243,000 into 21,060 ZAR. A currency
 * still holding its placeholder gets a realistic rate; every currency still at its seeded rate is dated with the
 * day those rates were taken, so the converter can say "Rates as of". Rates an admin changed are left alone.
 * Values are frozen here (micro-units per USD) so this migration does the same thing whenever it runs.
 */
const SEEDED: ReadonlyArray<{ code: string; placeholder: number | null; rate: number }> = [
  { code: 'USD', placeholder: null, rate: 1_000_000 },
  { code: 'NGN', placeholder: null, rate: 1_500_000_000 },
  { code: 'CNY', placeholder: 13_000_000, rate: 7_200_000 },
  { code: 'ZAR', placeholder: 130_000_000, rate: 18_000_000 },
];

export class RealisticRates1764000000000 implements MigrationInterface {
  name = 'RealisticRates1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { code, placeholder, rate } of SEEDED) {
      for (const from of placeholder === null ? [rate] : [placeholder, rate]) {
        await queryRunner.manager
          .createQueryBuilder()
          .update('currencies')
          .set({ buy_price_micro: rate, sell_price_micro: rate, updated_at: RATES_AS_OF })
          .where('code = :code AND buy_price_micro = :from AND sell_price_micro = :from', { code, from })
          .execute();
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { code, placeholder, rate } of SEEDED) {
      if (placeholder === null) continue;
      await queryRunner.manager
        .createQueryBuilder()
        .update('currencies')
        .set({ buy_price_micro: placeholder, sell_price_micro: placeholder })
        .where('code = :code AND buy_price_micro = :rate AND sell_price_micro = :rate', { code, rate })
        .execute();
    }
  }
}
