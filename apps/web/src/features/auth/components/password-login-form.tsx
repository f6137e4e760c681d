import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { loginByPassword } from '../api/sign-in';
import { useFormSubmit } from '../hooks/use-form-submit';
import { FormError } from './form-error';
import { PhoneField } from './fields/phone-field';
import type { SignedIn } from './sign-in-result';

interface Values {
  areaCode: string;
  mobile: string;
  password: string;
}

/** Phone + password, with the way to a forgotten password. */
export function PasswordLoginForm({ onSignedIn, onForgot }: { onSignedIn: SignedIn; onForgot: () => void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const submit = useFormSubmit(form, ['mobile', 'password']);

  function signIn(values: Values) {
    void submit.run(async () => onSignedIn(await loginByPassword({ ...values, mobile: values.mobile.trim() })));
  }

  return (
    <Form form={form} name="password-login" layout="vertical" requiredMark={false} onFinish={signIn} onValuesChange={submit.clearError}>
      <PhoneField autoFocus />
      <Form.Item name="password" label={t('fields.password')} rules={[{ required: true, message: t('rules.passwordRequired') }]}>
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <FormError message={submit.error} />
      <Button type="primary" htmlType="submit" block loading={submit.pending}>
        {t('password.submit')}
      </Button>
      <Button type="link" className="auth-link" onClick={onForgot}>
        {t('forgot.link')}
      </Button>
    </Form>
  );
}
