import { agentKeyLimits, errorCodes, type CreateAgentKeyRequest } from '@parley/contracts';
import { Button, Checkbox, Form, Input, InputNumber } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { HttpError } from '../../../lib/http';
import { describeKeyError } from '../lib/describe-error';
import { formatCount } from '../lib/format';
import { describeKeyField, emptyKeyForm, isKeyField, keyFormProblems, requestOfForm, type KeyField, type KeyFormValues } from '../lib/key-form';

interface NewKeyFormProps {
  appId: string;
  creating: boolean;
  create: (request: CreateAgentKeyRequest) => Promise<unknown>;
  onCancel: () => void;
}

const fields: KeyField[] = ['name', 'ratePerMinute', 'monthlyTokens'];
const validationData = z.array(z.object({ path: z.string(), message: z.string() }));

/** The fields a VALIDATION answer refused. */
function refusedFields(error: unknown): KeyField[] {
  if (!(error instanceof HttpError) || error.code !== errorCodes.VALIDATION.code) return [];
  return (validationData.safeParse(error.data).data ?? []).map((problem) => problem.path.split('.')[0]).filter(isKeyField);
}

/** Name, calls per minute and the monthly budget, checked with the contract before they are sent. */
export function NewKeyForm({ appId, creating, create, onCancel }: NewKeyFormProps) {
  const { t, i18n } = useTranslation('keys');
  const locale = i18n.language;
  const [form] = Form.useForm<KeyFormValues>();
  const noBudget = Form.useWatch('noBudget', form) ?? false;
  const [failure, setFailure] = useState<string | null>(null);
  // once the user has tried to send, each change rechecks, so a fixed field clears its message
  const tried = useRef(false);

  const valuesNow = (): KeyFormValues => ({ ...emptyKeyForm(), ...form.getFieldsValue(true) });

  /** Shows each field's problem (none clears it); on sending, the first refused field takes the focus. */
  function showProblems(problems: Partial<Record<KeyField, string>>, { focus }: { focus: boolean }): boolean {
    form.setFields(fields.map((name) => ({ name, errors: problems[name] ? [problems[name]] : [] })));
    const first = fields.find((name) => problems[name]);
    if (first && focus) form.focusField(first);
    return first === undefined;
  }

  async function submit() {
    tried.current = true;
    const values = valuesNow();
    if (!showProblems(keyFormProblems(appId, values, t, locale), { focus: true })) return;
    setFailure(null);
    try {
      await create(requestOfForm(appId, values));
    } catch (error) {
      const refused = refusedFields(error);
      if (refused.length > 0) showProblems(Object.fromEntries(refused.map((field) => [field, describeKeyField(field, values, t, locale)])), { focus: true });
      else setFailure(describeKeyError(error, t));
    }
  }

  const count = (value: number) => formatCount(value, locale);
  const digitsOnly = (text: string | undefined) => (text ?? '').replace(/\D/g, '');
  return (
    <Form<KeyFormValues>
      form={form}
      layout="vertical"
      initialValues={emptyKeyForm()}
      requiredMark={false}
      onFinish={() => void submit()}
      onValuesChange={() => {
        if (tried.current) showProblems(keyFormProblems(appId, valuesNow(), t, locale), { focus: false });
      }}
    >
      <Form.Item name="name" label={t('form.name')} extra={t('form.nameHint')}>
        <Input autoFocus placeholder={t('form.namePlaceholder')} count={{ show: true, max: agentKeyLimits.nameMaxChars }} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="ratePerMinute"
        label={t('form.rate')}
        extra={t('form.rateHint', { min: count(agentKeyLimits.ratePerMinute.min), max: count(agentKeyLimits.ratePerMinute.max) })}
      >
        <InputNumber className="new-key__number" inputMode="numeric" suffix={t('form.rateUnit')} />
      </Form.Item>
      <Form.Item
        name="monthlyTokens"
        label={t('form.budget')}
        extra={t('form.budgetHint', { min: count(agentKeyLimits.monthlyTokens.min), max: count(agentKeyLimits.monthlyTokens.max) })}
      >
        <InputNumber
          className="new-key__number"
          inputMode="numeric"
          disabled={noBudget}
          step={100_000}
          suffix={t('form.budgetUnit')}
          formatter={(value, { userTyping, input }) => (userTyping || value === undefined || value === '' ? input : count(Number(value)))}
          parser={digitsOnly}
        />
      </Form.Item>
      <Form.Item name="noBudget" valuePropName="checked" className="new-key__no-budget">
        <Checkbox>{t('form.noBudget')}</Checkbox>
      </Form.Item>
      {failure && (
        <p role="alert" className="new-key__failure">
          {failure}
        </p>
      )}
      <div className="new-key__footer">
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={creating}>
          {t('form.create')}
        </Button>
      </div>
    </Form>
  );
}
