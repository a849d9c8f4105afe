import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';
import { guardLoader } from '~/lib/guards.server';
import { ALL_ROLES } from '~/lib/navigation';

export const meta: MetaFunction = () => [{ title: 'My Orders | Jara' }];

export const loader = guardLoader(ALL_ROLES);

export default function Page() {
  return (
    <ComingSoon
      title="My Orders"
      description="Your orders by status: to pay, to ship, to receive, to review, returns and cancellations."
      back={{ to: '/dashboard', label: 'Back to dashboard' }}
    />
  );
}
