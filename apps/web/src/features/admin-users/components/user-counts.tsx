import { useTranslation } from 'react-i18next';
import { useUserCounts } from '../api/get-user-counts';

/** How many accounts (disabled, operators) and visitors there are; visitors are never listed. */
export function UserCounts() {
  const { t, i18n } = useTranslation('consoleUsers');
  const counts = useUserCounts();
  if (!counts.data) return null;
  const number = new Intl.NumberFormat(i18n.language);
  const figures = [
    ['accounts', counts.data.accounts],
    ['disabled', counts.data.disabled],
    ['operators', counts.data.operators],
    ['visitors', counts.data.visitors],
    ['visitorsLast30Days', counts.data.visitorsLast30Days],
  ] as const;
  return (
    <dl className="admin-users__counts">
      {figures.map(([key, value]) => (
        <div key={key} className="admin-users__count">
          <dt>{t(`counts.${key}`)}</dt>
          <dd>{number.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
