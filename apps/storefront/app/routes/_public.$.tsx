import { json, type MetaFunction } from '@remix-run/node';
import { NotFound } from '~/components/not-found';

export const meta: MetaFunction = () => [{ title: 'Page not found | Jara' }];

/** Any unknown path: the 404 page inside the public header and footer, with a real 404 status. */
export const loader = () => json(null, { status: 404 });

export default function CatchAll() {
  return <NotFound />;
}
