import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';

export const meta: MetaFunction = () => [{ title: 'Currency Converter | Jara' }];

export default function Page() {
  return (
    <main className="container page">
      <ComingSoon title="Currency Converter" description="Convert amounts between naira and other currencies at the current rates." />
    </main>
  );
}
