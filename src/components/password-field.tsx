import { useId, useState } from 'react';
import ui from './ui.module.css';

export interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  autoComplete?: 'current-password' | 'new-password';
  required?: boolean;
  error?: string | null;
  disabled?: boolean;
}

/** A masked password input; its show/hide toggle appears only once something is typed. */
export function PasswordField({ label, value, onChange, name, autoComplete = 'current-password', required = false, error, disabled }: PasswordFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
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
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
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
      {error ? (
        <p id={errorId} className={ui.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
