import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';

export const meta: MetaFunction = () => [{ title: 'All Products | Jara' }];

export default function Page() {
  return (
    <main className="container page">
      <ComingSoon title="All Products" description="Browse every product with search, category, type, price and rating filters." />
    </main>
  );
}
