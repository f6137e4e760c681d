import type { OperatorData } from '@parley/contracts';
import { Outlet, redirect, useLoaderData } from 'react-router';
import { getOperator } from '../../../features/operator';
import { HttpError } from '../../../lib/http';
import { loadConsoleTexts } from '../../../lib/i18n/i18n';
import { routePaths } from '../../../lib/route-paths';
import { ConsoleLayout } from '../../layout/console/console-layout';

/**
 * Entering the console: the server says whether the caller is an operator. Anyone else gets the
 * site's not-found page, as for an address that does not exist.
 */
export async function consoleLoader({ request }: { request: Request }): Promise<OperatorData> {
  try {
    const [operator] = await Promise.all([getOperator(request.signal), loadConsoleTexts()]);
    return operator;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw redirect(routePaths.NotFound);
    throw error;
  }
}

export default function ConsoleLayoutRoute() {
  const operator = useLoaderData<OperatorData>();
  return (
    <ConsoleLayout operator={operator}>
      <Outlet />
    </ConsoleLayout>
  );
}
