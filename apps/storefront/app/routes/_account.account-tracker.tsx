import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';
import { guardLoader } from '~/lib/guards.server';
import { ALL_ROLES } from '~/lib/navigation';

export const meta: MetaFunction = () => [{ title: 'Track Your Product | Jara' }];

export const loader = guardLoader(ALL_ROLES);

export default function Page() {
  return (
    <ComingSoon
      title="Track Your Product"
      description="Look up your parcels by tracking number and follow every status change."
      back={{ to: '/dashboard', label: 'Back to dashboard' }}
    />
  );
}
