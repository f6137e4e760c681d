import { username as usernameRule, type UserInfo } from '@parley/contracts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { FormError, useFormSubmit } from '../../auth';
import { useUpdateProfile } from '../api/update-profile';

/** The username: 2-20 letters, digits, _ or -, not only digits; unique. */
export function UsernameForm({ profile }: { profile: UserInfo }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ username: string }>();
  const update = useUpdateProfile();
  const submit = useFormSubmit(form, ['username']);
  const current = (Form.useWatch('username', form) as string | undefined) ?? profile.username;

  return (
    <Form
      form={form}
      name="username"
      layout="vertical"
      requiredMark={false}
      initialValues={{ username: profile.username }}
      onValuesChange={submit.clearError}
      onFinish={({ username }) =>
        void submit.run(async () => {
          await update.mutateAsync({ username: username.trim() });
          notify.success(t('username.saved'));
        })
      }
    >
      <Form.Item
        name="username"
        label={t('username.label')}
        extra={t('username.rule')}
        validateFirst
        rules={[
          { required: true, message: t('username.required') },
          { validator: (_, value: string) => (usernameRule.safeParse(value ?? '').success ? Promise.resolve() : Promise.reject(new Error(t('username.rule')))) },
        ]}
      >
        <Input maxLength={20} autoComplete="username" />
      </Form.Item>
      <FormError message={submit.error} />
      <Button type="primary" htmlType="submit" loading={submit.pending} disabled={current.trim() === profile.username}>
        {t('username.save')}
      </Button>
    </Form>
  );
}
