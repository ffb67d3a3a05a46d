import { useMutation } from '@tanstack/react-query';
import { formatDateTime } from '../../../contract/date-format.ts';
import { type GoogleCalendarLesson, googleCalendarLink } from '../../../machines/rules/google-calendar-link.ts';
import { calendarFileFailedText, fetchLessonCalendar } from '../../actors/add-to-calendar.ts';
import { saveFile } from '../../components/save-file.ts';
import { AddToCalendarView } from './add-to-calendar-view.tsx';

/** What a Manage Booking card knows of an upcoming lesson: what its Google link needs, and its id for the .ics. */
export type AddToCalendarProps = GoogleCalendarLesson & { lessonId: number };

/** Fetches the lesson's .ics and saves it; a failure (the call's, or the browser refusing the file) reads as one sentence. */
async function downloadLessonCalendar(lessonId: number): Promise<void> {
  const text = await fetchLessonCalendar(lessonId);
  try {
    saveFile(text, { filename: `lesson-${lessonId}.ics`, type: 'text/calendar;charset=utf-8' });
  } catch (cause) {
    console.error(calendarFileFailedText, cause);
    throw new Error(calendarFileFailedText, { cause });
  }
}

/** An upcoming lesson's 'Add to calendar' (the server's .ics) and 'Add to Google Calendar' (a link). */
export function AddToCalendar(props: AddToCalendarProps) {
  const mutation = useMutation({ mutationFn: downloadLessonCalendar });
  // Manage Booking's address in the event is this portal's own, wherever it is served from.
  const googleCalendarUrl = googleCalendarLink(props, { origin: window.location.origin });
  return (
    <AddToCalendarView
      lesson={`${props.subject}, ${formatDateTime(props.start, props.timeZone)}`}
      googleCalendarUrl={googleCalendarUrl}
      downloading={mutation.isPending}
      error={mutation.isError ? mutation.error.message : null}
      onDownload={() => mutation.mutate(props.lessonId)}
    />
  );
}
