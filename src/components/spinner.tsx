import styles from './spinner.module.css';

/** A spinner with a name for screen readers (`label`), or decorative inside a labelled button. */
export function Spinner({ label }: { label?: string }) {
  return label ? <span className={styles.spinner} role="status" aria-label={label} /> : <span className={styles.spinner} aria-hidden="true" />;
}

export function CentredSpinner({ label }: { label: string }) {
  return (
    <div className={styles.centred}>
      <Spinner label={label} />
    </div>
  );
}
