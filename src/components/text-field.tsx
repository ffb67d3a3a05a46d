import { type InputHTMLAttributes, useId } from 'react';
import ui from './ui.module.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
};

/** A labelled text input (email, tel, text); any other input attribute passes through. */
export function TextField({ label, onValueChange, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={ui.input} {...input} onChange={(e) => onValueChange(e.target.value)} />
    </div>
  );
}
