import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Foreign Logistics | Jara' }];

export default function Page() {
  return (
    <main className="container page">
      <ComingSoon title="Foreign Logistics" description="Forward goods from our overseas warehouses to Nigeria by sea cargo or air cargo, and request a shipment online." />
    </main>
  );
}
