import { ProductsService } from '#api-maintenance';
import { intOption, parseOptions, type CliContext } from '../context';
import { Progress } from '../progress';

export const recomputeRatingsHelp = `Usage: npm run cli -- recompute-ratings [--dry-run] [--batch-size <n>]

Puts every product's average rating and review count back in line with its reviews, by the rule a new review
applies (the API's ProductsService and product-rating.ts): the average of the ratings rounded to 2 decimals, and
their number. A product without reviews keeps its rating (an admin may have set one) and counts 0 reviews. Works
in batches of products in id order and writes only the products that differ.
  --dry-run      count the products that differ; change nothing
  --batch-size   products per batch (default 1000)`;

export async function recomputeRatings(ctx: CliContext, args: string[]): Promise<number> {
  const options = parseOptions(args, { 'dry-run': 'boolean', 'batch-size': 'string' });
  const batchSize = intOption(options['batch-size'], 'batch-size', 1000, 100_000);
  const dryRun = options['dry-run'] === true;
  const app = await ctx.app();
  try {
    const progress = new Progress(ctx.io, dryRun ? 'Checking ratings' : 'Recomputing ratings');
    const { checked, changed } = await app
      .get(ProductsService)
      .recomputeRatings({ dryRun, batchSize, onProgress: (done, total) => progress.update(done, total) });
    progress.finish();
    ctx.io.out(
      dryRun
        ? `Dry run: checked ${checked} product(s); ${changed} differ from their reviews and would be updated; nothing changed.`
        : `Checked ${checked} product(s); updated ${changed} whose rating or review count differed from their reviews.`,
    );
    return 0;
  } finally {
    await app.close();
  }
}
