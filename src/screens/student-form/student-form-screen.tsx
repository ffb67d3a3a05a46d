import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type StudentCount, termsRequiredText } from '../../../machines/rules/quote-rules.ts';
import { api } from '../../api/api.ts';
import { callApi } from '../../api/client.ts';
import { type QuoteFields, StudentFormView } from './student-form-view.tsx';

const submitFailedText = 'Submit failed';

const emptyQuote: QuoteFields = { firstname: '', lastname: '', students: '', email: '', phone: '', terms: false };

interface QuoteRequest {
  firstname: string;
  lastname: string;
  students: StudentCount;
  email: string;
  phone: string;
}

/**
 * POST /quote-request; answers the number of students the server recorded, which picks the
 * thank-you text. Throws an Error whose message is what the user reads.
 */
async function sendQuoteRequest(request: QuoteRequest): Promise<StudentCount> {
  return (await callApi(() => api.POST('/quote-request', { body: { ...request, terms: true } }), submitFailedText)).students;
}

// Names, e-mail and phone are sent without stray spaces, which the provider would refuse or keep.
const toRequest = (fields: QuoteFields, students: StudentCount): QuoteRequest => ({
  firstname: fields.firstname.trim(),
  lastname: fields.lastname.trim(),
  students,
  email: fields.email.trim(),
  phone: fields.phone.trim(),
});

/** /student-form: a prospective client asks for a booking link (no session needed). */
export function StudentFormScreen() {
  const [fields, setFields] = useState<QuoteFields>(emptyQuote);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [thankYouFor, setThankYouFor] = useState<StudentCount | null>(null);
  const mutation = useMutation({
    mutationFn: sendQuoteRequest,
    onSuccess: (students) => {
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
