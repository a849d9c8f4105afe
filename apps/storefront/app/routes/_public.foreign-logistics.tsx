import type { MetaFunction } from '@remix-run/node';
import { LogisticsLanding } from '~/components/logistics-landing';
import { landingAction, landingLoader } from '~/lib/logistics-landing.server';

export const meta: MetaFunction = () => [
  { title: 'Foreign Logistics | Jara' },
  {
    name: 'description',
    content: 'Ship goods from our warehouses in China to Nigeria by sea cargo or air cargo, and track every parcel.',
  },
];

/** Spec 2.1: hero, 'Why Choose Us' and the create-request dialog (?request=1) for a foreign shipping request. */
export const loader = landingLoader('foreign');
export const action = landingAction('foreign');

export default function Page() {
  return <LogisticsLanding />;
}
