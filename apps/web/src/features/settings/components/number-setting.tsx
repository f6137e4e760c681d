import { InputNumber, Slider } from 'antd';
import { useId } from 'react';

interface NumberSettingProps {
  label: string;
  hint: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
}

/** A slider and a number box that move together; the box takes typed values within the range. */
export function NumberSetting({ label, hint, value, min, max, step, onChange }: NumberSettingProps) {
  const id = useId();
  return (
    <div className="number-setting">
      <label htmlFor={id} className="number-setting__label">
        {label}
      </label>
      <p id={`${id}-hint`} className="number-setting__hint">
        {hint}
      </p>
      <div className="number-setting__controls">
        <Slider
          className="number-setting__slider"
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={onChange}
          // the name goes on the handle, the part that is role="slider" and takes the keys
          ariaLabelForHandle={label}
        />
        <InputNumber
          id={id}
          min={min}
          max={max}
          step={step}
          value={value}
          aria-describedby={`${id}-hint`}
          onChange={(next) => {
            if (typeof next === 'number' && Number.isFinite(next)) onChange(Math.min(max, Math.max(min, next)));
          }}
        />
      </div>
    </div>
  );
}
