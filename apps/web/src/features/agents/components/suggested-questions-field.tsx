import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { agentLimits } from '@parley/contracts';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** Up to four suggested questions, each a short required line. */
export function SuggestedQuestionsField() {
  const { t } = useTranslation('agents');
  const max = agentLimits.suggestedQuestionMaxChars;
  return (
    <Form.List name="suggestedQuestions">
      {(fields, { add, remove }) => (
        <Form.Item label={t('editor.fields.suggestedQuestions')} extra={t('editor.hints.suggestedQuestions', { max: agentLimits.suggestedQuestionsMax })}>
          {fields.map((field, index) => (
            <div key={field.key} className="agent-editor__question">
              <Form.Item
                name={field.name}
                noStyle={false}
                style={{ flex: 1, marginBottom: 8 }}
                rules={[
                  { required: true, whitespace: true, message: t('editor.errors.questionRequired') },
                  { max, message: t('editor.errors.tooLong', { max }) },
                ]}
              >
                <Input aria-label={t('editor.fields.question', { number: index + 1 })} maxLength={max} showCount />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('editor.actions.removeQuestion', { number: index + 1 })}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          {fields.length < agentLimits.suggestedQuestionsMax && (
            <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add('')}>
              {t('editor.actions.addQuestion')}
            </Button>
          )}
        </Form.Item>
      )}
    </Form.List>
  );
}
