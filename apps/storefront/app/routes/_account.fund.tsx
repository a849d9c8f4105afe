import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';
import { guardLoader } from '~/lib/guards.server';
import { ALL_ROLES } from '~/lib/navigation';

export const meta: MetaFunction = () => [{ title: 'Wallet & Invoices | Jara' }];

export const loader = guardLoader(ALL_ROLES);

export default function Page() {
  return (
    <ComingSoon
      title="Wallet & Invoices"
      description="Fund your wallet, see your balances and pay your invoices."
      back={{ to: '/dashboard', label: 'Back to dashboard' }}
    />
  );
}
