import type { QualityAgent } from '@parley/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Which agent an entry is about; a click shows that agent's entries only. */
export function AgentChip({ agent, onFilter }: { agent: QualityAgent; onFilter: (agent: QualityAgent) => void }) {
  const { t } = useTranslation('consoleQuality');
  const name = agent.isOfficial ? t('officialAssistant') : agent.name;
  return (
    <span className="quality-agent">
      <button type="button" className="quality-agent__name" onClick={() => onFilter(agent)} title={t('filter.only', { name })}>
        {name}
      </button>
      {agent.hidden && <Tag color="warning">{t('hidden')}</Tag>}
    </span>
  );
}
