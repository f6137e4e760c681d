import type { UserInfo } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { FormError, NewPasswordFields, replaceToken, SmsCodeField, useFormSubmit } from '../../auth';
import { profileKey } from '../api/get-profile';
import { updatePassword } from '../api/update-password';

interface Values {
  smsCode: string;
  password: string;
  confirmPassword: string;
}

/** Change (or set a first) password with a code sent to the account's phone; other devices sign out. */
export function PasswordForm({ profile }: { profile: UserInfo }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const submit = useFormSubmit(form, ['smsCode', 'password', 'confirmPassword']);

  function save(values: Values) {
    void submit.run(async () => {
      const { token } = await updatePassword({ areaCode: profile.areaCode, mobile: profile.mobile, ...values, smsCode: values.smsCode.trim() });
      replaceToken(token);
      queryClient.setQueryData<UserInfo>(profileKey, { ...profile, hasPassword: true });
      form.resetFields();
      notify.success(t('password.saved'));
    });
  }

  return (
    <Form form={form} name="update-password" layout="vertical" requiredMark={false} onFinish={save} onValuesChange={submit.clearError}>
      <SmsCodeField
        form={form}
        purpose="update_password"
        label={t('codeTo', { phone: `+${profile.areaCode} ${profile.mobileMasked}` })}
        target={() => Promise.resolve({ areaCode: profile.areaCode, phone: profile.mobile })}
      />
      <NewPasswordFields />
      <FormError message={submit.error} />
      <Button type="primary" htmlType="submit" loading={submit.pending}>
        {profile.hasPassword ? t('password.change') : t('password.set')}
      </Button>
    </Form>
  );
}
