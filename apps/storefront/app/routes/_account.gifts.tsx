import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';
import { guardLoader } from '~/lib/guards.server';
import { ALL_ROLES } from '~/lib/navigation';

export const meta: MetaFunction = () => [{ title: 'Gifts | Jara' }];

export const loader = guardLoader(ALL_ROLES);

export default function Page() {
  return (
    <ComingSoon
      title="Gifts"
      description="Gift ideas and gift orders."
      back={{ to: '/dashboard', label: 'Back to dashboard' }}
    />
  );
}
