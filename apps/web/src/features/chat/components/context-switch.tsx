import { HistoryOutlined } from '@ant-design/icons';
import { Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './context-switch.css';

interface ContextSwitchProps {
  on: boolean;
  onToggle: () => void;
  /** Say what the switch does beneath it (where no tooltip can: on touch screens). */
  withHint?: boolean;
}

/** Whether a question carries the chat's earlier messages: a switch named by its label, showing on or off. */
export function ContextSwitch({ on, onToggle, withHint = false }: ContextSwitchProps) {
  const { t } = useTranslation('chat');
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="context-switch">
      <span className="context-switch__row">
        <label className="context-switch__label" id={labelId} htmlFor={`${labelId}-switch`}>
          <HistoryOutlined aria-hidden />
          {t('header.context')}
        </label>
        <Switch
          id={`${labelId}-switch`}
          checked={on}
          onChange={onToggle}
          checkedChildren={t('header.on')}
          unCheckedChildren={t('header.off')}
          aria-labelledby={labelId}
          aria-describedby={withHint ? hintId : undefined}
        />
      </span>
      {withHint && (
        <p className="context-switch__hint" id={hintId}>
          {t('header.contextHint')}
        </p>
      )}
    </div>
  );
}
