import { useId } from 'react';
import ui from '../../components/ui.module.css';
import styles from './package-selection.module.css';

export interface SubjectCount {
  subject: string;
  /** Lessons per week chosen; null for not yet. */
  count: number | null;
}

/** One package as a card shows it. */
export interface PackageCardData {
  id: number;
  name: string;
  /** The server's description, already sanitized (simple text markup only). */
  descriptionHtml: string;
  /** '12 lessons · One-to-one' */
  lessonsLine: string;
  /** The price as shown, 'AED 684'. */
  price: string;
  offers: string | null;
  mostPopular: boolean;
  expanded: boolean;
  /** The expanded card's subjects with their lessons per week; empty when collapsed. */
  subjects: SubjectCount[];
}

export interface PackageCardProps extends PackageCardData {
  /** The legend of the selectors: 'Lessons per week', or '… for <student>' in the individual split. */
  lessonsLegend: string;
  countOptions: readonly number[];
  canSelect: boolean;
  onToggle: () => void;
  onCountChange: (subject: string, count: number) => void;
  onClose: () => void;
  onSelect: () => void;
}

function ChevronIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" className={styles.chevron}>
      <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

/**
 * A package card: its header is the button that expands and collapses it (and the whole summary takes the
 * click); expanded, it holds one lessons-per-week selector per subject with Close and Select.
 */
export function PackageCard(props: PackageCardProps) {
  const panelId = useId();
  return (
    <article className={styles.card} data-expanded={props.expanded}>
      <div className={styles.summary}>
        <div className={styles.cardHeader}>
          <h2 className={styles.name}>
            <button type="button" className={styles.toggle} aria-expanded={props.expanded} aria-controls={panelId} onClick={props.onToggle}>
              {props.name}
              <ChevronIcon />
            </button>
          </h2>
          {props.mostPopular ? <span className={styles.badge}>Most popular</span> : null}
        </div>
        {props.offers ? <p className={styles.offers}>{props.offers}</p> : null}
        {/* Sanitized by the container (sanitize-description.ts): only p, br, strong, em and lists remain. */}
        <div className={styles.description} dangerouslySetInnerHTML={{ __html: props.descriptionHtml }} />
        <p className={styles.lessons}>{props.lessonsLine}</p>
        <p className={styles.price}>{props.price}</p>
      </div>
      <div id={panelId} className={styles.panel} hidden={!props.expanded}>
        {props.expanded ? (
          <>
            <fieldset className={styles.counts}>
              <legend className={styles.legend}>{props.lessonsLegend}</legend>
              {props.subjects.map(({ subject, count }) => (
                <label key={subject} className={ui.field}>
                  <span className={ui.label}>{subject} lessons per week</span>
                  <select className={ui.input} value={count ?? ''} onChange={(event) => props.onCountChange(subject, Number(event.target.value))}>
                    <option value="" disabled>
                      Choose
                    </option>
                    {props.countOptions.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </fieldset>
            <div className={`${ui.actions} ${styles.cardActions}`}>
              <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={props.onClose}>
                Close
              </button>
              <button type="button" className={`${ui.button} ${ui.primary}`} onClick={props.onSelect} disabled={!props.canSelect}>
                Select
              </button>
            </div>
          </>
        ) : null}
      </div>
    </article>
  );
}
