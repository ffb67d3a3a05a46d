export type StudentCount = '1' | '2' | '3+';


/** The quote form's thank-you text by number of students (spec section 2, Quote request form). */
export function quoteThankYouText(students: StudentCount): string {
  return students === '3+'
    ? 'Thank you! Your request for 3 children has been received. A representative will contact you shortly; no further action is needed.'
    : 'Thank you! A link with your username and password has been e-mailed to you to book a tutor and choose time slots.';
}
