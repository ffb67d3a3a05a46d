import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type StudentCount } from '../../../machines/rules/quote-rules.ts';
import { type QuoteRequest, sendQuoteRequest } from '../../actors/student-form.ts';
import { type QuoteFields, StudentFormView } from './student-form-view.tsx';
import { termsRequiredText } from '../../../contract/refusals.ts';

const emptyQuote: QuoteFields = { firstname: '', lastname: '', students: '', email: '', phone: '', terms: false };

// Names, e-mail and phone are sent without stray spaces, which the provider would refuse or keep; the
// terms are agreed (the form sends nothing until they are).
const toRequest = (fields: QuoteFields, students: StudentCount): QuoteRequest => ({
  firstname: fields.firstname.trim(),
  lastname: fields.lastname.trim(),
  students,
  email: fields.email.trim(),
  phone: fields.phone.trim(),
  terms: true,
});

/** /student-form: a prospective client asks for a booking link (no session needed). */
export function StudentFormScreen() {
  const [fields, setFields] = useState<QuoteFields>(emptyQuote);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [thankYouFor, setThankYouFor] = useState<StudentCount | null>(null);
  const mutation = useMutation({
    // The answer's `students` (what the server recorded) picks the thank-you text.
    mutationFn: sendQuoteRequest,
    onSuccess: ({ students }) => {
      setThankYouFor(students);
      // The request is recorded; an untouched form would invite sending it twice.
      setFields(emptyQuote);
    },
  });
  const change = (patch: Partial<QuoteFields>) => {
    setFields((current) => ({ ...current, ...patch }));
    if (patch.terms) setTermsError(null);
  };
  const submit = () => {
    if (!fields.terms) {
      setTermsError(termsRequiredText);
      mutation.reset();
      return;
    }
    // The select is required, so the browser has already refused an empty choice.
    if (fields.students === '') return;
    mutation.mutate(toRequest(fields, fields.students));
  };
  return (
    <StudentFormView
      fields={fields}
      submitting={mutation.isPending}
      error={termsError ?? (mutation.isError ? mutation.error.message : null)}
      termsMissing={termsError !== null}
      thankYouFor={thankYouFor}
      onChange={change}
      onTermsMissing={() => setTermsError(termsRequiredText)}
      onSubmit={submit}
      onThankYouClose={() => setThankYouFor(null)}
    />
  );
}
