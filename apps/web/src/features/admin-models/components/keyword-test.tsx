import { adminModelsLimits } from '@parley/contracts';
import { Button, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTestKeywords } from '../api/test-keywords';

/** Tries a text against the keyword list: which listed word it contains, and what that would stop. */
export function KeywordTest() {
  const { t } = useTranslation('consoleModels');
  const [text, setText] = useState('');
  const test = useTestKeywords();
  const result = test.data;
  return (
    <form
      className="keyword-test"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() !== '') test.mutate(text);
      }}
    >
      <label className="keyword-test__label" htmlFor="keyword-test-text">
        {t('test.label')}
      </label>
      <Input.TextArea
        id="keyword-test-text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={adminModelsLimits.testTextMaxChars}
        placeholder={t('test.placeholder')}
      />
      <Button htmlType="submit" loading={test.isPending} disabled={text.trim() === ''}>
        {t('test.run')}
      </Button>
      <div aria-live="polite" className="keyword-test__result">
        {test.isError && <p role="alert">{t('test.failed')}</p>}
        {result &&
          !test.isPending &&
          (result.matched === null ? (
            <p>
              <Tag color="success">{t('test.clear')}</Tag>
              {t('test.noMatch')}
            </p>
          ) : (
            <>
              <p>
                <Tag color="error">{t('test.matchedTag')}</Tag>
                {t('test.matched', { word: result.matched })}
              </p>
              <ul className="keyword-test__effects">
                <li>{t('test.blocksPublishing')}</li>
                <li>{t(result.refusesInChat ? 'test.refusesInChat' : 'test.notInChat')}</li>
              </ul>
            </>
          ))}
      </div>
    </form>
  );
}
