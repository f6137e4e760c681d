import type { OperatorData } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useRouteLoaderData } from 'react-router';
import { PageShell } from '../../../components/layout/page-shell';
import { UsersView } from '../../../features/admin-users';

export default function ConsoleUsersPage() {
  const { t } = useTranslation('console');
  const operator = useRouteLoaderData<OperatorData>('ConsoleLayout');
  return (
    <PageShell title={t('nav.users')}>
      <UsersView operatorId={operator?.id ?? ''} />
    </PageShell>
  );
}
