// Remix's default Node entry, plus the Content-Security-Policy nonce: server.mjs makes one per request (and sends
// the policy naming it); RemixServer and the root layout's <Scripts>/<ScrollRestoration> put it on every inline
// script they render, so a strict script-src needs no 'unsafe-inline'.
import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { NonceContext } from '~/lib/nonce';

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** This request's CSP nonce (server.mjs); absent under `remix vite:dev`, which sends no policy. */
    cspNonce?: string;
  }
}

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext?.cspNonce === 'string' ? loadContext.cspNonce : undefined;
  const app = (
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceContext.Provider>
  );
  // Nothing to stream when no loader deferred data (every page but the notifications): the whole document is ready
  // as soon as the shell is, so it is rendered in one piece, the same bytes without the stream plumbing (React's
  // chunked writes, a PassThrough turned into a web stream, read back by the Express adapter). A render error
  // throws here and Remix renders the error boundary, as onShellError does below.
  if (!hasDeferredData(remixContext)) {
    responseHeaders.set('Content-Type', 'text/html');
    return new Response(`<!DOCTYPE html>${renderToString(app)}`, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
  // Bots and SPA mode get the whole page at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set('Content-Type', 'text/html');
      resolve(
        new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors inside the shell are logged by Remix's handleDocumentRequest; later ones only here.
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Did a loader of this page return defer() data (a promise the page streams in later)? */
function hasDeferredData(context: EntryContext): boolean {
  const deferreds = context.staticHandlerContext.activeDeferreds;
  return deferreds != null && Object.keys(deferreds).length > 0;
}
