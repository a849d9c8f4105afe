import type { LoaderFunctionArgs } from '@remix-run/node';
import { statementCsv } from '~/lib/payouts.server';

/**
 * /resources/payouts-statement: the signed-in vendor's statement as a CSV download, streamed from the API's
 * /vendor-payouts/statement.csv with the session's token (issue 24). No session: 401; not a vendor: the API's 403.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return statementCsv(request);
}
