import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { Converter } from '~/components/converter';
import { converterLoader } from '~/lib/converter.server';

export const meta: MetaFunction = () => [
  { title: 'Currency Converter | Jara' },
  { name: 'description', content: 'Convert amounts between naira, US dollars and the other currencies Jara supports.' },
];

export function loader({ request }: LoaderFunctionArgs) {
  return converterLoader(request);
}

/** Spec 2.28: the public converter (default NGN to USD). */
export default function ConverterPage() {
  const { currencies, input } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <main className="container page narrow">
      <Converter key={location.search} currencies={currencies} initial={input} title="Currency Converter" />
    </main>
  );
}
