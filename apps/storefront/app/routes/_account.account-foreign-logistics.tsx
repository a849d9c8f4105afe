import type { MetaFunction } from '@remix-run/node';
import { AccountDeliveries } from '~/components/account-deliveries';
import { deliveriesAction, deliveriesLoader } from '~/lib/account-deliveries.server';

export const meta: MetaFunction = () => [{ title: 'Foreign Logistics | Jara' }];

/** Spec 2.24: the foreign deliveries table, Create Warehouse Delivery (?create=1) and Payment Details (?pay={id}). */
export const loader = deliveriesLoader('foreign');
export const action = deliveriesAction('foreign');

export default function Page() {
  return <AccountDeliveries />;
}
