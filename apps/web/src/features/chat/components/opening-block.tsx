import { BulbOutlined } from '@ant-design/icons';
import type { ChatAppInfo } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import type { AppTexts } from '../hooks/use-app-texts';
import { AppAvatar } from './chat-avatars';
import { MarkdownView } from './markdown/markdown-view';
import './chat-message.css';
import './opening-block.css';

interface OpeningBlockProps {
  app: Pick<ChatAppInfo, 'avatarUrl' | 'isOfficial'>;
  texts: AppTexts;
  /** Sends a suggested question; absent when nothing can be sent (a deleted agent, a share). */
  onAsk?: (question: string) => void;
  disabled?: boolean;
}

/** The top of every chat: the app's opening message and its suggested questions. */
export function OpeningBlock({ app, texts, onAsk, disabled }: OpeningBlockProps) {
  const { t } = useTranslation('chat');
  const opening = texts.openingMessage.trim() || t('opening.fallback', { name: texts.name });
  const questions = onAsk ? texts.suggestedQuestions.filter((question) => question.trim() !== '') : [];
  return (
    <div className="opening-block">
      <article className="chat-message chat-message--assistant" aria-label={texts.name}>
        <div className="chat-message__avatar">
          <AppAvatar app={app} />
        </div>
        <div className="chat-message__main">
          <div className="chat-message__name">{texts.name}</div>
          <div className="chat-message__bubble">
            <MarkdownView text={opening} />
          </div>
        </div>
      </article>
      {questions.length > 0 && (
        <section className="opening-block__questions" aria-label={t('opening.suggested')}>
          <h2 className="opening-block__title">
            <BulbOutlined aria-hidden /> {t('opening.suggested')}
          </h2>
          <ul className="opening-block__list">
            {questions.map((question) => (
              <li key={question}>
                <button type="button" className="opening-block__question" disabled={disabled} onClick={() => onAsk?.(question)}>
                  {question}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
