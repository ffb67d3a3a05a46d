import { type InputHTMLAttributes, useId } from 'react';
import { useConstraintError } from './field-validation.ts';
import ui from './ui.module.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** What is wrong with the value, said at the field; otherwise its broken constraint (required, type, pattern), once the form is checked. */
  error?: string | null;
};

/**
 * A labelled text input (email, tel, text); any other input attribute passes through. An error marks it
 * invalid and is its description (aria-describedby), shown under it.
 */
export function TextField({ label, onValueChange, error, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const constraint = useConstraintError(label);
  const shown = error ?? constraint.error;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={ui.input}
        {...input}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? errorId : undefined}
        onInvalid={constraint.onInvalid}
        onChange={(e) => {
          constraint.clear();
          onValueChange(e.target.value);
        }}
      />
      {shown ? (
        <p id={errorId} className={ui.error}>
          {shown}
        </p>
      ) : null}
    </div>
  );
}
