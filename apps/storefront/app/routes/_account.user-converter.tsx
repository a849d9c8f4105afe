import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { Converter } from '~/components/converter';
import { converterLoader } from '~/lib/converter.server';
import { ALL_ROLES } from '~/lib/navigation';
import { requireUser } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Converter | Jara' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, ALL_ROLES);
  return converterLoader(request);
}

/** Spec 2.28: the converter for every signed-in role (the admin's live rates live in the back office). */
export default function UserConverterPage() {
  const { currencies, input } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section className="stack narrow-section">
      <Converter key={location.search} currencies={currencies} initial={input} title="Converter" />
    </section>
  );
}
