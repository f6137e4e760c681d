import { InputNumber, Slider } from 'antd';
import './slider-number.css';

interface SliderNumberProps {
  value?: number;
  onChange?: (value: number) => void;
  min: number;
  max: number;
  step: number;
  /** The accessible name of both controls. */
  label: string;
  id?: string;
}

/** A slider and a number box that move together, as one form field. */
export function SliderNumber({ value, onChange, min, max, step, label, id }: SliderNumberProps) {
  return (
    <div className="slider-number">
      <Slider className="slider-number__slider" min={min} max={max} step={step} value={value} onChange={(next) => onChange?.(next)} ariaLabelForHandle={label} />
      <InputNumber
        id={id}
        className="slider-number__input"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-label={label}
        onChange={(next) => {
          if (typeof next === 'number') onChange?.(next);
        }}
      />
    </div>
  );
}
