import type { MetaFunction } from '@remix-run/node';
import { AccountDeliveries } from '~/components/account-deliveries';
import { deliveriesAction, deliveriesLoader } from '~/lib/account-deliveries.server';

export const meta: MetaFunction = () => [{ title: 'Local Logistics | Jara' }];

/** Spec 2.24: the local deliveries table, Create Warehouse Delivery (?create=1) and Payment Details (?pay={id}). */
export const loader = deliveriesLoader('local');
export const action = deliveriesAction('local');

export default function Page() {
  return <AccountDeliveries />;
}
