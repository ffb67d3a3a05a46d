import styles from './arrival-notice.module.css';

/**
 * Why the client is on this screen, at its top: the lines the step that sent them here said (a booking step
 * opened without a booking, booking-notice.ts). A status, read out on arrival; nothing when there is none.
 */
export function ArrivalNotice({ lines = [] }: { lines?: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className={styles.notice} role="status">
      {lines.map((line) => (
        <p key={line} className={styles.line}>
          {line}
        </p>
      ))}
    </div>
  );
}
