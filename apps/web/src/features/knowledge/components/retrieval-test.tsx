import { SearchOutlined } from '@ant-design/icons';
import { knowledgeLimits, type KnowledgeHit } from '@parley/contracts';
import { Alert, Button, Empty, Input, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchKnowledge } from '../api/search-knowledge';
import { describeKnowledgeError } from '../lib/describe-error';
import { formatPercent } from '../lib/format';
import { ChunkPlace } from './chunks-drawer';

function Hit({ hit, rank }: { hit: KnowledgeHit; rank: number }) {
  const { t, i18n } = useTranslation('knowledge');
  const percent = Math.round(Math.max(0, Math.min(1, hit.score)) * 100);
  return (
    <li className={`knowledge-hit${hit.used ? '' : ' knowledge-hit--unused'}`} aria-label={t('test.hitLabel', { rank, name: hit.fileName })}>
      <div className="knowledge-hit__head">
        <span className="knowledge-hit__rank">{rank}</span>
        <span className="knowledge-hit__file">{hit.fileName}</span>
        <ChunkPlace chunk={hit} />
        <Tag color={hit.used ? 'success' : 'default'}>{hit.used ? t('test.used') : t('test.unused')}</Tag>
      </div>
      <div className="knowledge-hit__score">
        <span>{t('test.score', { score: formatPercent(hit.score, i18n.language) })}</span>
        <Progress percent={percent} size="small" showInfo={false} status={hit.used ? 'success' : 'normal'} aria-label={t('test.scoreLabel')} aria-valuenow={percent} />
      </div>
      {hit.question && <p className="knowledge-hit__question">{hit.question}</p>}
      <Typography.Paragraph className="knowledge-hit__content" ellipsis={{ rows: 3, expandable: 'collapsible', symbol: (expanded) => (expanded ? t('test.less') : t('test.more')) }}>
        {hit.content}
      </Typography.Paragraph>
    </li>
  );
}

/** Ask a question as a chat would and see which passages it would use, with their scores. */
export function RetrievalTest({ appId }: { appId: string }) {
  const { t, i18n } = useTranslation('knowledge');
  const search = useSearchKnowledge(appId);
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const result = search.data;

  function test() {
    const trimmed = question.trim();
    if (!trimmed) return setProblem(t('test.empty'));
    if (trimmed.length > knowledgeLimits.searchQuestionMaxChars) return setProblem(t('test.tooLong', { max: knowledgeLimits.searchQuestionMaxChars }));
    setProblem(null);
    search.mutate(trimmed);
  }

  return (
    <div className="knowledge-panel">
      <p className="knowledge-panel__lead">{t('test.lead')}</p>
      <div className="knowledge-test__ask">
        <Input
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onPressEnter={test}
          placeholder={t('test.placeholder')}
          aria-label={t('test.question')}
          status={problem ? 'error' : undefined}
          allowClear
        />
        <Button type="primary" icon={<SearchOutlined aria-hidden />} loading={search.isPending} onClick={test}>
          {t('test.run')}
        </Button>
      </div>
      {problem && <Typography.Text type="danger" role="alert">{problem}</Typography.Text>}
      {search.isError && <Alert type="error" showIcon title={describeKnowledgeError(search.error, t)} />}
      {result && !search.isPending && (
        <section aria-label={t('test.results')} aria-live="polite">
          <p className="knowledge-test__summary">
            {t('test.summary', {
              count: result.hits.length,
              mode: result.mode === 'hybrid' ? t('totals.hybrid') : t('totals.text'),
              ms: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(result.tookMs),
              threshold: formatPercent(result.threshold, i18n.language),
            })}
          </p>
          {result.hits.length === 0 ? (
            <Empty description={t('test.none')} />
          ) : (
            <ol className="knowledge-hits">
              {result.hits.map((hit, index) => (
                <Hit key={hit.chunkId} hit={hit} rank={index + 1} />
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  );
}
