import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';
import { guardLoader } from '~/lib/guards.server';
import { ALL_ROLES } from '~/lib/navigation';

export const meta: MetaFunction = () => [{ title: 'Cart | Jara' }];

export const loader = guardLoader(ALL_ROLES);

export default function Page() {
  return (
    <ComingSoon
      title="Cart"
      description="The products you have added, their quantities and the total."
      back={{ to: '/dashboard', label: 'Back to dashboard' }}
    />
  );
}
