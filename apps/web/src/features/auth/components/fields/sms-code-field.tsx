import { smsCode as smsCodeRule } from '@parley/contracts';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmsTarget } from '../../api/send-sms-code';
import { useSmsSender } from '../../hooks/use-sms-sender';
import { authErrorMessage } from '../../lib/auth-errors';

interface SmsCodeFieldProps {
  form: FormInstance;
  /** Where the code goes; null when the phone fields are not valid yet (they show why). */
  target: () => Promise<Omit<SmsTarget, 'purpose'> | null>;
  purpose: SmsTarget['purpose'];
  name?: string;
  label?: string;
}

/** The 6-digit code with its "send code" button; the button counts down until a resend is allowed. */
export function SmsCodeField({ form, target, purpose, name = 'smsCode', label }: SmsCodeFieldProps) {
  const { t } = useTranslation('auth');
  const sender = useSmsSender();
  const waiting = sender.secondsLeft > 0;

  async function sendCode() {
    const to = await target();
    if (!to) return;
    form.setFields([{ name, errors: [] }]);
    try {
      await sender.send({ ...to, purpose });
    } catch (error) {
      form.setFields([{ name, errors: [authErrorMessage(error, t)] }]);
    }
  }

  return (
    <Form.Item
      label={label ?? t('fields.smsCode')}
      required
      extra={sender.sentTo ? t('sms.sentTo', { phone: sender.sentTo }) : undefined}
    >
      <Space.Compact block>
        <Form.Item
          name={name}
          noStyle
          validateFirst
          rules={[
            { required: true, message: t('rules.codeRequired') },
            { validator: (_, value: string) => (smsCodeRule.safeParse(value ?? '').success ? Promise.resolve() : Promise.reject(new Error(t('rules.code')))) },
          ]}
        >
          <Input
            aria-label={label ?? t('fields.smsCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('fields.smsCodePlaceholder')}
          />
        </Form.Item>
        <Button onClick={() => void sendCode()} loading={sender.sending} disabled={waiting} className="auth-sms__send">
          {waiting ? t('sms.resendIn', { count: sender.secondsLeft }) : sender.sentTo ? t('sms.resend') : t('sms.send')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
