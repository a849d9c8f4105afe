import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Parcel Tracker | Jara' }];

export default function Page() {
  return (
    <main className="container page">
      <ComingSoon title="Parcel Tracker" description="Look up any shipment by its tracking number." />
    </main>
  );
}
