import { type FormEvent, type InvalidEvent, type RefObject, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * What a field's broken constraint (required, type="email", pattern, minlength) means, in words a client
 * reads at the field; the browser's own bubble, which a screen reader may miss and which vanishes, is not
 * shown. Worded like the spec's own ('Program is required').
 */
export function constraintText(control: Control, label: string): string {
  const { validity } = control;
  if (validity.valueMissing) return `${label} is required`;
  if (control.type === 'email' && (validity.typeMismatch || validity.patternMismatch)) return 'Please enter a valid email address.';
  if (control.type === 'tel' && (validity.typeMismatch || validity.patternMismatch || validity.tooShort)) return 'Please enter a valid phone number.';
  if (validity.typeMismatch || validity.patternMismatch) return `Please enter a valid ${label.toLowerCase()}.`;
  if (validity.tooShort) return `${label} is too short.`;
  if (validity.tooLong) return `${label} is too long.`;
  return control.validationMessage || `Please check ${label.toLowerCase()}.`;
}

/** A field's error from its constraints: set by the browser's `invalid` event, gone once the field is edited. */
export function useConstraintError(label: string) {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    onInvalid: (event: InvalidEvent<Control>) => {
      event.preventDefault();
      setError(constraintText(event.currentTarget, label));
    },
    clear: () => setError(null),
  };
}

/** The first field of a form (or any part of a page) that says it is invalid takes focus. */
export function focusFirstInvalid(container: HTMLElement | null): void {
  container?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)')?.focus();
}

/**
 * After each check that found something wrong (`checks` counts them; 0: none yet), the first field that says
 * it is invalid inside `container` takes focus: for errors a container finds (two passwords that differ),
 * which the fields only show once rendered.
 */
export function useFocusFirstInvalid(container: RefObject<HTMLElement | null>, checks: number): void {
  useEffect(() => {
    if (checks > 0) focusFirstInvalid(container.current);
  }, [container, checks]);
}

/**
 * A form's submit handler with its fields' constraints checked first (the form is `noValidate`): every field
 * that breaks one says why at itself, and the first takes focus; `submit` runs only when none does.
 */
export function submitWhenValid(submit: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    let valid = true;
    // The fields mark themselves (their invalid events) before focus moves to the first of them.
    flushSync(() => {
      valid = form.checkValidity();
    });
    if (valid) submit();
    else focusFirstInvalid(form);
  };
}
