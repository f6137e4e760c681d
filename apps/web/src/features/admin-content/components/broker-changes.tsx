import type { BrokerImportPreview } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The preview's brokers: the new ones by name, the changed ones field by field, before and after. */
export function BrokerChanges({ preview }: { preview: BrokerImportPreview }) {
  const { t } = useTranslation('consoleContent');
  return (
    <div className="broker-changes">
      {preview.added.length > 0 && (
        <section aria-label={t('brokers.addedList')}>
          <h3 className="broker-changes__heading">{t('brokers.addedList')}</h3>
          <ul className="broker-changes__added">
            {preview.added.map((broker) => (
              <li key={broker.externalId}>
                <strong>{broker.title}</strong> <code>{broker.externalId}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview.changed.length > 0 && (
        <section aria-label={t('brokers.changedList')}>
          <h3 className="broker-changes__heading">{t('brokers.changedList')}</h3>
          <ul className="broker-changes__changed">
            {preview.changed.map((broker) => (
              <li key={broker.externalId}>
                <strong>{broker.title}</strong> <code>{broker.externalId}</code>
                <table className="broker-changes__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('brokers.field')}</th>
                      <th scope="col">{t('brokers.before')}</th>
                      <th scope="col">{t('brokers.after')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {broker.changes.length === 0 ? (
                      <tr>
                        <td colSpan={3}>{t('brokers.demoReplaced')}</td>
                      </tr>
                    ) : (
                      broker.changes.map((change) => (
                        <tr key={change.field}>
                          <th scope="row">{t(`brokers.fields.${change.field}`, { defaultValue: change.field })}</th>
                          <td>
                            <del>{shown(change.before)}</del>
                          </td>
                          <td>
                            <ins>{shown(change.after)}</ins>
                          </td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
