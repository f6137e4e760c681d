import type { CreatedAgentKeyData } from '@parley/contracts';
import { Alert, Button, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { curlExample, openaiSdkExample, type CallTarget } from '../lib/call-examples';
import { CopyButton } from './copy-button';

interface CreatedKeyProps {
  created: CreatedAgentKeyData;
  onDone: () => void;
}

/** A code sample that scrolls sideways within itself, reachable by keyboard to do so. */
function Example({ label, code }: { label: string; code: string }) {
  const { t } = useTranslation('keys');
  return (
    <div className="created-key__example">
      <pre tabIndex={0} role="group" aria-label={label}>
        <code>{code}</code>
      </pre>
      <CopyButton size="small" text={code} label={t('created.copyExample', { name: label })}>
        {t('created.copyCode')}
      </CopyButton>
    </div>
  );
}

/** The secret of a key just made, the one time it is shown, and how to call the agent with it. */
export function CreatedKey({ created, onDone }: CreatedKeyProps) {
  const { t } = useTranslation('keys');
  const target: CallTarget = {
    baseUrl: `${window.location.origin}/v1`,
    model: created.key.appId,
    secret: created.secret,
    question: t('created.sampleQuestion'),
  };
  const examples = [
    { key: 'curl', label: t('created.curl'), code: curlExample(target) },
    { key: 'sdk', label: t('created.sdk'), code: openaiSdkExample(target) },
  ];
  return (
    <div className="created-key">
      <Alert type="warning" showIcon title={t('created.warningTitle')} description={t('created.warning')} />
      <div className="created-key__secret-row">
        <Input.TextArea
          readOnly
          autoSize
          className="created-key__secret"
          aria-label={t('created.secret')}
          value={created.secret}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton type="primary" autoFocus text={created.secret} label={t('created.copy')}>
          {t('created.copy')}
        </CopyButton>
      </div>
      <div className="created-key__examples">
        <h3 className="created-key__examples-title">{t('created.examples')}</h3>
        <Tabs size="small" items={examples.map((example) => ({ key: example.key, label: example.label, children: <Example label={example.label} code={example.code} /> }))} />
      </div>
      <div className="new-key__footer">
        <Button type="primary" onClick={onDone}>
          {t('created.done')}
        </Button>
      </div>
    </div>
  );
}
