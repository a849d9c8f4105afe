import type { MetaFunction } from '@remix-run/node';
import { LogisticsLanding } from '~/components/logistics-landing';
import { landingAction, landingLoader } from '~/lib/logistics-landing.server';

export const meta: MetaFunction = () => [
  { title: 'Local Logistics | Jara' },
  {
    name: 'description',
    content: 'Send parcels across Nigeria through the Jara hub and follow each one with its tracking number.',
  },
];

/** Spec 2.1: hero, 'Why Choose Us' and the create-request dialog (?request=1) for a local delivery request. */
export const loader = landingLoader('local');
export const action = landingAction('local');

export default function Page() {
  return <LogisticsLanding />;
}
