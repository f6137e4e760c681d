import { Form, Input, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { meetsPasswordRule, passwordStrength, type PasswordStrength } from '../../lib/password-strength';

const strengthPercent: Record<PasswordStrength, number> = { weak: 33, fair: 66, strong: 100 };
const strengthStatus = { weak: 'exception', fair: 'normal', strong: 'success' } as const;

function StrengthHint({ value }: { value: string }) {
  const { t } = useTranslation('auth');
  const strength = passwordStrength(value);
  return (
    <div className="auth-strength" aria-live="polite">
      <Progress percent={strengthPercent[strength]} status={strengthStatus[strength]} showInfo={false} size="small" />
      <span>{t(`password.strength.${strength}`)}</span>
    </div>
  );
}

/** A new password with the strength hint and the server's rule, then the same again. */
export function NewPasswordFields({ label }: { label?: string }) {
  const { t } = useTranslation('auth');
  const form = Form.useFormInstance();
  const value = (Form.useWatch('password', form) as string | undefined) ?? '';
  return (
    <>
      <Form.Item
        name="password"
        label={label ?? t('fields.newPassword')}
        validateFirst
        rules={[
          { required: true, message: t('rules.passwordRequired') },
          { validator: (_, input: string) => (meetsPasswordRule(input ?? '') ? Promise.resolve() : Promise.reject(new Error(t('rules.password')))) },
        ]}
        extra={value ? <StrengthHint value={value} /> : t('rules.password')}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        dependencies={['password']}
        validateFirst
        rules={[
          { required: true, message: t('rules.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, input: string) =>
              input === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('rules.confirmMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
    </>
  );
}
