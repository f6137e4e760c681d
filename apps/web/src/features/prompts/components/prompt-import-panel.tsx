import { UploadOutlined } from '@ant-design/icons';
import { promptLimits } from '@parley/contracts';
import { Button, Input, Space } from 'antd';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readTextFile } from '../../../lib/download-file';
import { notify } from '../../../lib/notify';
import type { ImportResult } from '../lib/prompt-import';
import { importSummary } from '../lib/prompt-messages';
import { importPromptsFromText } from '../stores/prompt-actions';
import { ImportReport } from './import-report';

/** Import from pasted JSON or a chosen file; the report stays until the next import. */
export function PromptImportPanel() {
  const { t } = useTranslation('prompts');
  const pasteId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [result, setResult] = useState<ImportResult | null>(null);

  function run(json: string) {
    const next = importPromptsFromText(json);
    setResult(next);
    if (next.ok) {
      notify.success(importSummary(t, next.added.length, next.skipped.length));
      setText('');
    }
  }

  async function pickFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const content = await readTextFile(file, promptLimits.importMaxBytes);
      if (content === null) setResult({ ok: false, failure: { kind: 'tooLarge' } });
      else run(content);
    } catch {
      notify.error(t('import.fileReadError'));
    }
  }

  return (
    <div className="prompt-import">
      <label htmlFor={pasteId} className="prompt-import__label">
        {t('import.paste')}
      </label>
      <Input.TextArea
        id={pasteId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 4, maxRows: 10 }}
        placeholder='[{"title": "…", "content": "…"}]'
        aria-describedby={`${pasteId}-hint`}
      />
      <p id={`${pasteId}-hint`} className="prompt-import__hint">
        {t('import.hint')}
      </p>
      <Space wrap>
        <Button type="primary" disabled={text.trim() === ''} onClick={() => run(text)}>
          {t('import.submit')}
        </Button>
        <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
          {t('import.file')}
        </Button>
        <input ref={fileInput} type="file" accept="application/json,.json" hidden onChange={(event) => void pickFile(event)} data-testid="prompt-import-file" />
      </Space>
      {result && <ImportReport result={result} />}
    </div>
  );
}
