import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import stylesheet from '~/styles/app.css?url';
import { ToastProvider } from '~/components/toasts';
import { NotFound } from '~/components/not-found';
import { Logo } from '~/components/logo';
import { commitSession, getSession } from '~/lib/session.server';
import { useNonce } from '~/lib/nonce';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [
  { title: 'Jara: shop, ship and track' },
  { name: 'description', content: 'Shop in naira, ship from China and track every parcel with Jara.' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const toast = session.get('toast') ?? null;
  // Only a consumed flash needs a new cookie; otherwise leave the session alone.
  const headers = toast ? { 'Set-Cookie': await commitSession(request, session) } : undefined;
  return json({ toast }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  // The page's CSP nonce (server only): Remix's inline scripts must carry it.
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b6e4f" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <ToastProvider flash={toast}>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="bare-page">
        <NotFound />
      </div>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong on our side. Please try again.';
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="bare-page">
      <main className="status-page">
        <Logo />
        <h1>Sorry, something went wrong</h1>
        <p>{message}</p>
        <a className="btn btn-primary" href="/">
          Back to home
        </a>
      </main>
    </div>
  );
}
