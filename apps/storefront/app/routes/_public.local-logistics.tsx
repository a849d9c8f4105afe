import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Local Logistics | Jara' }];

export default function Page() {
  return (
    <main className="container page">
      <ComingSoon title="Local Logistics" description="Book deliveries within Nigeria and follow each parcel to its destination." />
    </main>
  );
}
