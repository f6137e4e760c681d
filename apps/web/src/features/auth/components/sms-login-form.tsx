import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { loginBySms } from '../api/sign-in';
import { useFormSubmit } from '../hooks/use-form-submit';
import { phoneTarget } from '../lib/phone-target';
import { FormError } from './form-error';
import { PhoneField } from './fields/phone-field';
import { SmsCodeField } from './fields/sms-code-field';
import type { SignedIn } from './sign-in-result';

interface Values {
  areaCode: string;
  mobile: string;
  smsCode: string;
}

/** Phone + SMS code: signs in, and signs up when the number is new. */
export function SmsLoginForm({ onSignedIn }: { onSignedIn: SignedIn }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const submit = useFormSubmit(form, ['mobile', 'smsCode']);

  function signIn(values: Values) {
    void submit.run(async () =>
      onSignedIn(await loginBySms({ areaCode: values.areaCode, mobile: values.mobile.trim(), smsCode: values.smsCode.trim() })),
    );
  }

  return (
    <Form form={form} name="sms-login" layout="vertical" requiredMark={false} onFinish={signIn} onValuesChange={submit.clearError}>
      <PhoneField autoFocus />
      <SmsCodeField form={form} purpose="login" target={() => phoneTarget(form)} />
      <FormError message={submit.error} />
      <Button type="primary" htmlType="submit" block loading={submit.pending}>
        {t('sms.submit')}
      </Button>
      <p className="auth-note">{t('sms.note')}</p>
    </Form>
  );
}
