import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Seller Profile | Jara' }];

export default function Page() {
  return (
    <main className="container page">
      <ComingSoon title="Seller Profile" description="Public profiles of the sellers on Jara and the products they offer." />
    </main>
  );
}
