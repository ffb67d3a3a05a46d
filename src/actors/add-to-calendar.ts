import { api } from '../api/api.ts';
import { lessonCalendarFile, lessonCalendarFailedText } from '../api/calls/calendar.ts';

/** What the card says when the file could not be had or saved. */
export const calendarFileFailedText = lessonCalendarFailedText;

/** GET /calendar/lessons/{id}: the lesson's .ics text, which the card saves as a file. */
export const fetchLessonCalendar = (lessonId: number) => lessonCalendarFile(api, { id: lessonId });
