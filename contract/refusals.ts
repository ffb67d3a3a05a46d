/**
 * The server's refusals that the portal also writes or shows as they are: one constant each, so that a copy
 * editor changes a sentence in one place. The server answers them (4xx `message`); the portal says the same
 * words when it knows first (a chart's check before any call), or finds them in a story or a test.
 */

/** 409 to a second free assessment (POST /bookings, POST /appointments, the unique index), and the grid's notice. */
export const freeAssessmentUsedText = 'The free assessment class has been booked already.';

/** 409 to a second rating of one lesson (POST /sendReviewEmail, the unique constraint); the Rate Us dialog shows it. */
export const ratedAlreadyText = 'You have rated this lesson already.';
/** 409 to a rating of a lesson not over yet (POST /sendReviewEmail). */
export const notCompletedText = 'Only a completed lesson can be rated.';

/** 400 to a reschedule onto an hour already begun (spec §5); the reschedule chart says it before asking. */
export const futureDateText = 'Please choose a future date and time.';

/** 400 to a new student without both names (spec §5); the New Booking form says it as the name is typed. */
export const newStudentNameText = 'Please provide both first and last names for all new students.';

/** 400 to a quote request without the terms accepted (spec §5); the student form says it before sending. */
export const termsRequiredText = 'Please agree to the terms and conditions.';
