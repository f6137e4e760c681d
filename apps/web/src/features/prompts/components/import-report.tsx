import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportResult } from '../lib/prompt-import';
import { importFailureMessage, importSummary, skippedReason } from '../lib/prompt-messages';

/** What an import did: how many were added, and each skipped item with its reason; or why nothing was. */
export function ImportReport({ result }: { result: ImportResult }) {
  const { t, i18n } = useTranslation('prompts');
  if (!result.ok) return <Alert type="error" showIcon role="alert" title={importFailureMessage(t, result.failure, i18n.language)} />;
  return (
    <Alert
      type={result.skipped.length > 0 ? 'warning' : 'success'}
      showIcon
      role="status"
      title={importSummary(t, result.added.length, result.skipped.length)}
      description={
        result.skipped.length > 0 && (
          <>
            <span>{t('import.skippedHeading')}</span>
            <ul className="prompt-import__skipped">
              {result.skipped.map((item, index) => (
                <li key={`${index}-${item.title}`}>{skippedReason(t, item)}</li>
              ))}
            </ul>
          </>
        )
      }
    />
  );
}
