import { Fragment } from 'react';
import { dateTimeSeparator } from '../../contract/date-format.ts';
import styles from './lesson-time.module.css';

/** Said over a list of lesson times: 'Times in Dubai time' (every time shown is the branch's wall clock). */
export function TimesIn({ text }: { text: string }) {
  return text ? <p className={styles.timesIn}>{text}</p> : null;
}

/** 'Sun 6 Dec 2026 · 16:00' as the formatter wrote it; a narrow column breaks it at the separator, never inside the date. */
export function When({ text }: { text: string }) {
  return text.split(dateTimeSeparator).map((part, index) => (
    <Fragment key={`${index}-${part}`}>
      {index > 0 ? dateTimeSeparator : null}
      <span className={styles.nowrap}>{part}</span>
    </Fragment>
  ));
}

/** The reader's own clock under a lesson's time when their zone shows another ('6:00 am your time'); nothing otherwise. */
export function YourTime({ text }: { text: string | null }) {
  return text ? <span className={styles.yourTime}>{text}</span> : null;
}
