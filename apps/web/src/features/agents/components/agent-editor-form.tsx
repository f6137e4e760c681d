import { agentCategories, agentLimits, agentVisibilities, type AgentModelsData } from '@parley/contracts';
import { Form, Input, Radio, Select, Switch, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentFormValues } from '../lib/agent-form';
import { AvatarField } from './avatar-field';
import { SliderNumber } from './slider-number';
import { SuggestedQuestionsField } from './suggested-questions-field';

interface AgentEditorFormProps {
  form: FormInstance<AgentFormValues>;
  initialValues: AgentFormValues;
  models: AgentModelsData | undefined;
  onValuesChange: (values: AgentFormValues) => void;
  onSubmit: (values: AgentFormValues) => void;
  /** The save and delete buttons. */
  actions: ReactNode;
}

/** The fields of an agent, with the limits of the contract as field-level rules. */
export function AgentEditorForm({ form, initialValues, models, onValuesChange, onSubmit, actions }: AgentEditorFormProps) {
  const { t } = useTranslation('agents');
  const required = (field: string) => ({ required: true, whitespace: true, message: t('editor.errors.required', { field }) });
  const max = (limit: number) => ({ max: limit, message: t('editor.errors.tooLong', { max: limit }) });
  const modelOptions = [
    { value: '', label: models ? t('editor.model.default', { model: models.defaultModel }) : t('editor.model.defaultUnknown') },
    ...(models?.models ?? []).map((model) => ({ value: model, label: model })),
  ];
  return (
    <Form<AgentFormValues>
      form={form}
      layout="vertical"
      className="agent-editor__form"
      initialValues={initialValues}
      onValuesChange={(_, values) => onValuesChange(values)}
      onFinish={onSubmit}
      scrollToFirstError
      requiredMark
    >
      <Form.Item label={t('editor.fields.avatar')} name="avatarUrl">
        <AvatarField />
      </Form.Item>
      <Form.Item label={t('editor.fields.name')} name="name" rules={[required(t('editor.fields.name')), max(agentLimits.nameMaxChars)]}>
        <Input maxLength={agentLimits.nameMaxChars} showCount placeholder={t('editor.placeholders.name')} />
      </Form.Item>
      <Form.Item label={t('editor.fields.intro')} name="intro" rules={[required(t('editor.fields.intro')), max(agentLimits.introMaxChars)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={agentLimits.introMaxChars} showCount placeholder={t('editor.placeholders.intro')} />
      </Form.Item>
      <Form.Item label={t('editor.fields.category')} name="category">
        <Select options={agentCategories.map((category) => ({ value: category, label: t(`categories.${category}`) }))} />
      </Form.Item>
      <Form.Item
        label={t('editor.fields.systemPrompt')}
        name="systemPrompt"
        className="agent-editor__counted"
        extra={t('editor.hints.systemPrompt')}
        rules={[required(t('editor.fields.systemPrompt')), max(agentLimits.systemPromptMaxChars)]}
      >
        <Input.TextArea autoSize={{ minRows: 5, maxRows: 14 }} maxLength={agentLimits.systemPromptMaxChars} showCount placeholder={t('editor.placeholders.systemPrompt')} />
      </Form.Item>
      <Form.Item
        label={t('editor.fields.model')}
        name="model"
        getValueProps={(value: string | null) => ({ value: value ?? '' })}
        normalize={(value: string) => (value === '' ? null : value)}
        extra={models?.offline ? t('editor.model.offline') : undefined}
      >
        <Select options={modelOptions} loading={!models} />
      </Form.Item>
      <Form.Item label={t('editor.fields.fixSampling')} name="fixSampling" valuePropName="checked" extra={t('editor.hints.fixSampling')}>
        <Switch />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(before, after) => before.fixSampling !== after.fixSampling}>
        {({ getFieldValue }) =>
          getFieldValue('fixSampling') ? (
            <div className="agent-editor__pair">
              <Form.Item label={t('editor.fields.temperature')} name="temperature" extra={t('editor.hints.temperature')}>
                <SliderNumber label={t('editor.fields.temperature')} min={agentLimits.temperature.min} max={agentLimits.temperature.max} step={0.1} />
              </Form.Item>
              <Form.Item label={t('editor.fields.topP')} name="top_p" extra={t('editor.hints.topP')}>
                <SliderNumber label={t('editor.fields.topP')} min={agentLimits.top_p.min} max={agentLimits.top_p.max} step={0.05} />
              </Form.Item>
            </div>
          ) : null
        }
      </Form.Item>
      <Form.Item label={t('editor.fields.openingMessage')} name="openingMessage" rules={[max(agentLimits.openingMessageMaxChars)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={agentLimits.openingMessageMaxChars} showCount placeholder={t('editor.placeholders.openingMessage')} />
      </Form.Item>
      <SuggestedQuestionsField />
      <Form.Item label={t('editor.fields.visibility')} name="visibility" extra={t('editor.hints.visibility')}>
        <Radio.Group
          optionType="button"
          options={agentVisibilities.map((visibility) => ({ value: visibility, label: t(`visibility.${visibility}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('editor.fields.knowledgeMode')} name="knowledgeMode" extra={t('editor.hints.knowledgeMode')}>
        <Radio.Group
          optionType="button"
          options={(['open', 'strict'] as const).map((mode) => ({ value: mode, label: t(`editor.knowledgeModes.${mode}`) }))}
        />
      </Form.Item>
      <div className="agent-editor__actions">{actions}</div>
    </Form>
  );
}
