import { useId } from 'react';
import type { Receipt } from '../../../machines/rules/order-progress.ts';
import { TimesIn } from '../../components/lesson-time.tsx';
import ui from '../../components/ui.module.css';
import styles from './payment.module.css';

export const receiptHeading = 'Receipt';
export const classesHeading = 'Your classes';

/** The facts of a paid order: what was paid, how, when, and its reference. */
export function ReceiptFacts({ receipt }: { receipt: Receipt }) {
  const headingId = useId();
  return (
    <section className={`${ui.card} ${styles.facts}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {receiptHeading}
      </h2>
      <dl className={styles.factList}>
        <div>
          <dt>Amount paid</dt>
          <dd className={styles.amount}>{receipt.amount}</dd>
        </div>
        {receipt.method ? (
          <div>
            <dt>Payment method</dt>
            <dd>{receipt.method}</dd>
          </div>
        ) : null}
        {receipt.paidOn ? (
          <div>
            <dt>Paid on</dt>
            <dd>{receipt.paidOn}</dd>
          </div>
        ) : null}
        <div>
          <dt>Order reference</dt>
          <dd className={styles.reference}>{receipt.ref}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The lessons booked on the order, by week, each with a check mark, its day, hour, subject, students and tutor. */
export function ReceiptClasses({ receipt }: { receipt: Receipt }) {
  const headingId = useId();
  return (
    <section className={styles.classes} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {classesHeading}
      </h2>
      {receipt.toPlace ? <p className={styles.toPlace}>{receipt.toPlace}</p> : null}
      {receipt.weeks.length === 0 && !receipt.toPlace ? <p>No classes are booked on this order yet.</p> : null}
      {receipt.weeks.length > 0 ? <TimesIn text={receipt.timesIn} /> : null}
      {receipt.weeks.map((week) => (
        <section key={week.label} className={styles.week} aria-label={week.label}>
          <h3 className={styles.weekTitle}>{week.label}</h3>
          <ul className={styles.lessons}>
            {week.lessons.map((lesson) => (
              <li key={lesson.key} className={`${ui.card} ${styles.lesson}`}>
                <span className={styles.tick} role="img" aria-label="Booked">
                  ✓
                </span>
                <LessonLines subject={lesson.subject} when={lesson.when} students={lesson.students} tutor={lesson.tutor} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/**
 * One lesson in words: subject; day and hour ('Sun 6 Dec 2026 · 16:00', with its zone when no list line above
 * says it: 'Sun 6 Dec 2026 · 16:00 Dubai time'); for whom, with whom.
 */
export function LessonLines({ subject, when, zone, students, tutor }: { subject: string; when: string; zone?: string; students: string; tutor: string }) {
  return (
    <span className={styles.lessonText}>
      <strong className={styles.lessonSubject}>{subject}</strong>
      <span>{zone ? `${when} ${zone}` : when}</span>
      <span className={styles.lessonPeople}>
        {students ? <span>For {students}</span> : null}
        {students && tutor ? <span aria-hidden="true"> · </span> : null}
        {tutor ? <span>Tutor: {tutor}</span> : null}
      </span>
    </span>
  );
}
