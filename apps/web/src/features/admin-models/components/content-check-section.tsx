import type { ModelsOverview } from '@parley/contracts';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeywordList } from './keyword-list';
import { KeywordTest } from './keyword-test';
import { settingsFormat } from './settings-format';

/** The content check: how chats are checked, the moderation service, and the keyword list with its test. */
export function ContentCheckSection({ moderation }: { moderation: ModelsOverview['moderation'] }) {
  const { t, i18n } = useTranslation('consoleModels');
  const format = settingsFormat(i18n.language, t);
  return (
    <section className="models-page__section" aria-labelledby="models-moderation">
      <h2 id="models-moderation">{t('moderation.title')}</h2>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'chat', label: t('moderation.chat'), children: t(`moderation.chatModes.${moderation.chat}`), span: 'filled' },
          { key: 'address', label: t('moderation.endpoint'), children: moderation.baseUrl === null ? t('moderation.keywordsOnly') : format.address(moderation.baseUrl) },
          { key: 'model', label: t('moderation.model'), children: moderation.baseUrl === null ? '–' : <code>{moderation.model}</code> },
          { key: 'timeout', label: t('settings.timeout'), children: format.ms(moderation.timeoutMs) },
          { key: 'images', label: t('moderation.images'), children: t(moderation.checkImages ? 'moderation.yes' : 'moderation.no') },
        ]}
      />
      <h3 className="models-page__subtitle">{t('keywords.title')}</h3>
      <p className="models-page__note">{t('keywords.note')}</p>
      <KeywordList />
      <h3 className="models-page__subtitle">{t('test.title')}</h3>
      <KeywordTest />
    </section>
  );
}
