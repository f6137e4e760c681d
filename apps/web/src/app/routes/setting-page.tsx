import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/layout/page-shell';
import { ChatHistoryTools } from '../../features/chat-history';
import { PromptStoreButton } from '../../features/prompts';
import { SettingsView } from '../../features/settings';

export default function SettingPage() {
  const { t } = useTranslation('pages');
  return (
    <PageShell title={t('setting.title')}>
      <SettingsView
        generalExtra={
          <>
            <div className="settings-row">
              <dt>{t('setting.promptStore')}</dt>
              <dd>
                <PromptStoreButton variant="text" />
              </dd>
            </div>
            <div className="settings-row settings-row--stacked">
              <dt>{t('setting.chatHistory')}</dt>
              <dd>
                <ChatHistoryTools />
              </dd>
            </div>
          </>
        }
      />
    </PageShell>
  );
}
