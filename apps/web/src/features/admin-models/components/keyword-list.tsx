import { agentLimits } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { Alert, Button, Form, Input, Modal, Skeleton, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeHttpError, HttpError } from '../../../lib/http';
import { useAddKeywords } from '../api/add-keywords';
import { useKeywords } from '../api/get-keywords';
import { useRemoveKeywords } from '../api/remove-keywords';
import { parseKeywords } from './parse-keywords';

/** Words shown at once; the filter finds the others in a long list. */
const shownAtOnce = 200;

/** Case and width folded, as the server compares words. */
const folded = (word: string) => word.normalize('NFKC').toLowerCase();

/** Why the words typed cannot be added, in the reader's words: a word too long (checked before sending), a full list, or the failure. */
function addProblem(words: string[], error: unknown, t: TFunction<'consoleModels'>): string | null {
  const long = words.find((word) => word.length > agentLimits.keywordMaxChars);
  if (long) return t('keywords.tooLong', { word: long, max: agentLimits.keywordMaxChars });
  if (error === null) return null;
  const problems = error instanceof HttpError && Array.isArray(error.data) ? (error.data as { path?: unknown }[]) : [];
  if (problems.some((problem) => problem.path === 'keywords')) return t('keywords.full', { max: agentLimits.keywordsMax });
  return describeHttpError(error, t);
}

/** Where the list applies now: publishing only (the shipped list, or chats off), or chats too. */
function ListState({ saved, checksChats }: { saved: boolean; checksChats: boolean }) {
  const { t } = useTranslation('consoleModels');
  const state = !saved ? 'shipped' : checksChats ? 'everywhere' : 'publishingOnly';
  return <Alert type={state === 'everywhere' ? 'success' : 'info'} showIcon className="models-page__alert" title={t(`keywords.state.${state}`)} />;
}

/** The keyword list: filtered, added to, and taken from after a confirmation, with an undo. */
export function KeywordList() {
  const { t, i18n } = useTranslation('consoleModels');
  const keywords = useKeywords();
  const add = useAddKeywords();
  const remove = useRemoveKeywords();
  const [modal, modalHolder] = Modal.useModal();
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState('');
  const [notice, setNotice] = useState<{ text: string; undo?: string[] } | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const number = new Intl.NumberFormat(i18n.language);
  // the word's own button went with it: the undo takes the focus, in view wherever the word was
  useEffect(() => {
    if (notice?.undo) undoButton.current?.focus();
  }, [notice]);
  const list = keywords.data?.keywords;
  const matching = useMemo(() => (list ?? []).filter((word) => folded(word).includes(folded(filter.trim()))), [list, filter]);

  function addWords(words: string[]) {
    if (words.length === 0 || addProblem(words, null, t)) return;
    add.mutate(words, {
      onSuccess: (changed) => {
        setDraft('');
        setNotice({ text: changed.added.length === 0 ? t('keywords.alreadyListed') : t('keywords.added', { count: changed.added.length, words: changed.added.join(', ') }) });
      },
    });
  }

  function confirmRemove(word: string) {
    void modal.confirm({
      title: t('keywords.removeConfirm', { word }),
      content: t('keywords.removeConsequence'),
      okText: t('keywords.remove'),
      okButtonProps: { danger: true },
      cancelText: t('keywords.cancel'),
      onOk: () =>
        remove.mutateAsync([word]).then((changed) => setNotice({ text: t('keywords.removed', { words: changed.removed.join(', ') }), undo: changed.removed })),
    });
  }

  if (keywords.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (keywords.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('keywords.loadFailed')}
        action={
          <Button size="small" onClick={() => void keywords.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }

  const typed = parseKeywords(draft);
  const addError = addProblem(typed, add.isError ? add.error : null, t);
  return (
    <div className="keyword-list">
      {modalHolder}
      <ListState saved={keywords.data.saved} checksChats={keywords.data.checksChats} />
      <Form
        layout="vertical"
        className="keyword-list__add"
        onFinish={() => addWords(typed)}
        requiredMark={false}
      >
        <Form.Item label={t('keywords.addLabel')} help={addError ?? t('keywords.addHelp', { max: agentLimits.keywordMaxChars })} validateStatus={addError ? 'error' : undefined}>
          <div className="keyword-list__add-row">
            <Input
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                add.reset();
              }}
              placeholder={t('keywords.addPlaceholder')}
              aria-label={t('keywords.addLabel')}
            />
            <Button type="primary" htmlType="submit" loading={add.isPending} disabled={typed.length === 0}>
              {t('keywords.add')}
            </Button>
          </div>
        </Form.Item>
      </Form>
      <div aria-live="polite">
        {notice && (
          <Alert
            type="success"
            showIcon
            closable={{ closeIcon: true, 'aria-label': t('keywords.dismiss') }}
            onClose={() => setNotice(null)}
            title={notice.text}
            action={
              notice.undo && (
                <Button ref={undoButton} size="small" loading={add.isPending} onClick={() => addWords(notice.undo ?? [])}>
                  {t('keywords.undo')}
                </Button>
              )
            }
          />
        )}
      </div>
      <Input.Search
        allowClear
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder={t('keywords.filter')}
        aria-label={t('keywords.filter')}
        className="keyword-list__filter"
      />
      <p className="models-page__note">
        {filter.trim() === ''
          ? t('keywords.count', { count: list?.length ?? 0, shown: number.format(list?.length ?? 0) })
          : t('keywords.matching', { count: matching.length, shown: number.format(matching.length) })}
        {matching.length > shownAtOnce && ` ${t('keywords.firstShown', { shown: number.format(shownAtOnce) })}`}
      </p>
      <ul className="keyword-list__words" aria-label={t('keywords.listLabel')}>
        {matching.slice(0, shownAtOnce).map((word) => (
          <li key={word}>
            <Tag className="keyword-list__word">
              {word}
              <button type="button" className="keyword-list__remove" aria-label={t('keywords.removeWord', { word })} onClick={() => confirmRemove(word)}>
                ×
              </button>
            </Tag>
          </li>
        ))}
      </ul>
    </div>
  );
}
