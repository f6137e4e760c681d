import { useTranslation } from 'react-i18next';

/** A value as one short line: text as it is, anything else as JSON; cut at `max` characters, whole in the title. */
function shown(value: unknown, max = 160): { text: string; full: string } {
  const full = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return { text: full.length > max ? `${full.slice(0, max)}…` : full, full };
}

/** The fields a change touched: each with what it was and what it became. */
export function AuditChange({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const { t } = useTranslation('console');
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return null;
  return (
    <dl className="audit-change">
      {fields.map((field) => {
        const was = shown(before?.[field]);
        const is = shown(after?.[field]);
        return (
          <div key={field} className="audit-change__field">
            <dt>{field}</dt>
            <dd>
              {before && field in before && (
                <del title={was.full} aria-label={t('audit.was', { value: was.full })}>
                  {was.text || t('audit.blank')}
                </del>
              )}
              {before && field in before && after && field in after && <span aria-hidden> → </span>}
              {after && field in after && (
                <ins title={is.full} aria-label={t('audit.became', { value: is.full })}>
                  {is.text || t('audit.blank')}
                </ins>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
