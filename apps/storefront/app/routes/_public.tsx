import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { Footer } from '~/components/footer';
import { PublicHeader } from '~/components/public-header';
import { headerCategories } from '~/lib/categories.server';
import { getSession } from '~/lib/session.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const [session, categories] = await Promise.all([getSession(request), headerCategories()]);
  return json({ signedIn: Boolean(session.get('token')), categories });
}

export default function PublicLayout() {
  const { signedIn, categories } = useLoaderData<typeof loader>();
  return (
    <div className="public-shell">
      <PublicHeader signedIn={signedIn} categories={categories} />
      <div className="public-main">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
