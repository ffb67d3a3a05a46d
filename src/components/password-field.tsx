import { useId, useState } from 'react';
import { useConstraintError } from './field-validation.ts';
import ui from './ui.module.css';

export interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  autoComplete?: 'current-password' | 'new-password';
  required?: boolean;
  /** What is wrong with the value, said at the field; otherwise its broken constraint (required), once the form is checked. */
  error?: string | null;
  /** The field is wrong, and `error` says so elsewhere (one message for several fields): the id of that message. */
  invalidBy?: string | null;
  disabled?: boolean;
}

/** A masked password input; its show/hide toggle appears only once something is typed. */
export function PasswordField({ label, value, onChange, name, autoComplete = 'current-password', required = false, error, invalidBy, disabled }: PasswordFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  const constraint = useConstraintError(label);
  const message = error ?? constraint.error;
  const describedBy = message ? errorId : (invalidBy ?? undefined);
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <div style={{ display: 'flex', gap: 'var(--space-2)' }}>
        <input
          id={id}
          className={ui.input}
          type={shown && value ? 'text' : 'password'}
          name={name}
          value={value}
          autoComplete={autoComplete}
          required={required}
          disabled={disabled}
          aria-invalid={describedBy ? true : undefined}
          aria-describedby={describedBy}
          onInvalid={constraint.onInvalid}
          onChange={(e) => {
            constraint.clear();
            onChange(e.target.value);
          }}
        />
        {value ? (
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            aria-label={`${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        ) : null}
      </div>
      {message ? (
        <p id={errorId} className={ui.error}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
