import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';
import { guardLoader } from '~/lib/guards.server';
import { ALL_ROLES } from '~/lib/navigation';

export const meta: MetaFunction = () => [{ title: 'Order Summary | Jara' }];

export const loader = guardLoader(ALL_ROLES);

export default function Page() {
  return (
    <ComingSoon
      title="Order Summary"
      description="The summary of your latest order."
      back={{ to: '/dashboard', label: 'Back to dashboard' }}
    />
  );
}
