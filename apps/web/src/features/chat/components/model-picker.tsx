import type { ChatModelChoice } from '@parley/contracts';
import { Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { modelShown, pickModel, usePick } from '../stores/model-pick-store';
import './model-picker.css';

interface ModelPickerProps {
  models: string[];
  value: string;
  onChange: (model: string) => void;
}

/** A small labelled list of the models a chat may answer with. */
export function ModelPicker({ models, value, onChange }: ModelPickerProps) {
  const { t } = useTranslation('chat');
  const id = useId();
  return (
    <div className="model-picker" title={t('model.hint')}>
      <label className="model-picker__label" htmlFor={id}>
        {t('model.label')}
      </label>
      <Select
        id={id}
        className="model-picker__select"
        size="small"
        variant="filled"
        value={value}
        onChange={onChange}
        options={models.map((model) => ({ value: model, label: model }))}
        popupMatchSelectWidth={false}
      />
    </div>
  );
}

interface ChatModelPickerProps {
  /** The chat (threadKeyOf) whose pick it shows and changes. */
  threadKey: string;
  choice: ChatModelChoice;
  /** The model saved with the chat; null when none was picked. */
  saved: string | null;
}

/** The model picker of one chat, shown only when there is a choice. Only it reads the pick, so picking redraws nothing else. */
export function ChatModelPicker({ threadKey, choice, saved }: ChatModelPickerProps) {
  const picked = usePick(threadKey);
  if (choice.models.length < 2) return null;
  return <ModelPicker models={choice.models} value={modelShown(choice, saved, picked)} onChange={(model) => pickModel(threadKey, model)} />;
}
