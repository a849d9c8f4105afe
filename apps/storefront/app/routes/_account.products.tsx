import type { MetaFunction } from '@remix-run/node';
import { ComingSoon } from '~/components/coming-soon';
import { guardLoader } from '~/lib/guards.server';
import { ADMIN_VENDOR } from '~/lib/navigation';

export const meta: MetaFunction = () => [{ title: 'Manage Products | Jara' }];

export const loader = guardLoader(ADMIN_VENDOR);

export default function Page() {
  return (
    <ComingSoon
      title="Manage Products"
      description="Create, edit and publish your products, with flash sales and stock."
      back={{ to: '/dashboard', label: 'Back to dashboard' }}
    />
  );
}
