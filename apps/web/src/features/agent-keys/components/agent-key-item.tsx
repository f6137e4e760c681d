import { StopOutlined } from '@ant-design/icons';
import type { AgentKey } from '@parley/contracts';
import { Button, Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDate, formatDateTime, formatPercent } from '../lib/format';

interface AgentKeyItemProps {
  agentKey: AgentKey;
  /** Asks to revoke it (the panel confirms first). */
  onRevoke: (agentKey: AgentKey) => void;
}

/** This month's tokens against the key's budget, or that it has none. */
function TokenUse({ agentKey }: { agentKey: AgentKey }) {
  const { t, i18n } = useTranslation('keys');
  const revoked = agentKey.revokedAt !== null;
  const used = formatCount(agentKey.tokensThisMonth, i18n.language);
  if (agentKey.monthlyTokens === null) return <>{t('noBudget', { used })}</>;
  const fraction = Math.min(agentKey.tokensThisMonth / agentKey.monthlyTokens, 1);
  const spent = fraction >= 1;
  return (
    <>
      {t('tokensOf', { used, budget: formatCount(agentKey.monthlyTokens, i18n.language) })}
      {!revoked && (
        <Progress
          className="agent-key__budget"
          percent={fraction * 100}
          size="small"
          showInfo={false}
          status={spent ? 'exception' : 'normal'}
          strokeColor={spent ? undefined : 'var(--parley-primary)'}
          aria-label={t('budgetUsed', { percent: formatPercent(fraction, i18n.language) })}
        />
      )}
    </>
  );
}

/** One key: its name and prefix, when it was made and used, what it may use, and revoke. */
export function AgentKeyItem({ agentKey, onRevoke }: AgentKeyItemProps) {
  const { t, i18n } = useTranslation('keys');
  const locale = i18n.language;
  const revoked = agentKey.revokedAt !== null;
  const facts = [
    {
      key: 'created',
      value: (
        <time dateTime={agentKey.createdAt} title={formatDateTime(agentKey.createdAt, locale)}>
          {formatDate(agentKey.createdAt, locale)}
        </time>
      ),
    },
    {
      key: 'lastUsed',
      value: agentKey.lastUsedAt ? <time dateTime={agentKey.lastUsedAt}>{formatDateTime(agentKey.lastUsedAt, locale)}</time> : t('never'),
    },
    { key: 'tokens', value: <TokenUse agentKey={agentKey} /> },
    { key: 'rate', value: t('perMinute', { rate: formatCount(agentKey.ratePerMinute, locale) }) },
  ] as const;
  return (
    <li className={revoked ? 'agent-key agent-key--revoked' : 'agent-key'}>
      <div className="agent-key__who">
        <span className="agent-key__name">{agentKey.name}</span>
        <code className="agent-key__prefix">{agentKey.prefix}…</code>
      </div>
      <dl className="agent-key__facts">
        {facts.map((fact) => (
          <div key={fact.key} className="agent-key__fact">
            <dt>{t(`fields.${fact.key}`)}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div className="agent-key__state">
        {revoked ? (
          <>
            <Tag>{t('status.revoked')}</Tag>
            <time className="agent-key__revoked-on" dateTime={agentKey.revokedAt ?? undefined}>
              {formatDate(agentKey.revokedAt ?? '', locale)}
            </time>
          </>
        ) : (
          <>
            <Tag color="success">{t('status.active')}</Tag>
            <Button danger size="small" icon={<StopOutlined aria-hidden />} aria-label={t('revoke.named', { name: agentKey.name })} onClick={() => onRevoke(agentKey)}>
              {t('revoke.action')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
