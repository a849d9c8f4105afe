import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Ready to Ship | Jara' }];

export default function Page() {
  return (
    <main className="container page">
      <ComingSoon title="Ready to Ship" description="Our warehouse addresses and the shipping options open for your goods." />
    </main>
  );
}
