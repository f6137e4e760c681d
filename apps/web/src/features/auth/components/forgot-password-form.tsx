import { Button, Form, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetPassword, verifyCode } from '../api/reset-password';
import { loginByPassword } from '../api/sign-in';
import { useFormSubmit } from '../hooks/use-form-submit';
import { phoneTarget } from '../lib/phone-target';
import { FormError } from './form-error';
import { PhoneField } from './fields/phone-field';
import { NewPasswordFields } from './fields/password-fields';
import { SmsCodeField } from './fields/sms-code-field';
import type { SignedIn } from './sign-in-result';

interface Verified {
  areaCode: string;
  mobile: string;
  token: string;
}

function VerifyPhoneStep({ onVerified }: { onVerified: (verified: Verified) => void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<{ areaCode: string; mobile: string; smsCode: string }>();
  const submit = useFormSubmit(form, ['mobile', 'smsCode']);
  return (
    <Form
      form={form}
      name="forgot-verify"
      layout="vertical"
      requiredMark={false}
      onValuesChange={submit.clearError}
      onFinish={({ areaCode, mobile, smsCode }) =>
        void submit.run(async () => {
          const { token } = await verifyCode({ areaCode, mobile: mobile.trim(), smsCode: smsCode.trim(), type: 'reset_password' });
          onVerified({ areaCode, mobile: mobile.trim(), token });
        })
      }
    >
      <PhoneField autoFocus />
      <SmsCodeField form={form} purpose="reset_password" target={() => phoneTarget(form)} />
      <FormError message={submit.error} />
      <Button type="primary" htmlType="submit" block loading={submit.pending}>
        {t('forgot.verify')}
      </Button>
    </Form>
  );
}

function NewPasswordStep({ verified, onSignedIn, onRestart }: { verified: Verified; onSignedIn: SignedIn; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<{ password: string; confirmPassword: string }>();
  const submit = useFormSubmit(form, ['password', 'confirmPassword']);
  return (
    <Form
      form={form}
      name="forgot-reset"
      layout="vertical"
      requiredMark={false}
      onValuesChange={submit.clearError}
      onFinish={({ password, confirmPassword }) =>
        void submit.run(async () => {
          await resetPassword({ ...verified, password, confirmPassword });
          // Resetting ends every session; the new password signs this browser straight back in.
          onSignedIn(await loginByPassword({ areaCode: verified.areaCode, mobile: verified.mobile, password }));
        })
      }
    >
      <NewPasswordFields />
      <FormError message={submit.error} />
      <Button type="primary" htmlType="submit" block loading={submit.pending}>
        {t('forgot.save')}
      </Button>
      <Button type="link" className="auth-link" onClick={onRestart}>
        {t('forgot.restart')}
      </Button>
    </Form>
  );
}

/** Forgotten password: prove the phone with a code, then choose a new password. */
export function ForgotPasswordForm({ onSignedIn, onBack }: { onSignedIn: SignedIn; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const [verified, setVerified] = useState<Verified | null>(null);
  return (
    <div className="auth-forgot">
      <Steps
        size="small"
        current={verified ? 1 : 0}
        items={[{ title: t('forgot.stepVerify') }, { title: t('forgot.stepPassword') }]}
        className="auth-forgot__steps"
      />
      {verified ? (
        <NewPasswordStep verified={verified} onSignedIn={onSignedIn} onRestart={() => setVerified(null)} />
      ) : (
        <VerifyPhoneStep onVerified={setVerified} />
      )}
      <Button type="link" className="auth-link" onClick={onBack}>
        {t('forgot.back')}
      </Button>
    </div>
  );
}
