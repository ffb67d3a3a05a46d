import { useId, useState } from 'react';
import type { TutorCard } from '../../../machines/rules/tutors.ts';
import { InitialsAvatar } from '../../components/initials-avatar.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './cr-tutors.module.css';

export const noTutorsText = 'No available Tutors';

export interface CrTutorsViewProps {
  loading: boolean;
  /** Why the tutors could not be loaded (with Retry); null when all is well. */
  error: string | null;
  retrying: boolean;
  tutors: TutorCard[];
  /** The tutors whose detail is open. */
  expandedIds: readonly number[];
  onRetry: () => void;
  onToggle: (id: number) => void;
}

/** The tutor's photo; a missing or broken one gives way to the local initials avatar (no third-party image). */
function TutorPicture({ tutor }: { tutor: TutorCard }) {
  const [broken, setBroken] = useState(false);
  if (!tutor.photo || broken) {
    return <InitialsAvatar firstName={tutor.firstName} lastName={tutor.lastName} size="large" />;
  }
  return <img className={styles.photo} src={tutor.photo} alt={`Photo of ${tutor.name}`} width={56} height={56} loading="lazy" decoding="async" onError={() => setBroken(true)} />;
}

function ChevronIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className={styles.chevron}>
      <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

const details = (tutor: TutorCard) =>
  [
    ['Levels', tutor.levels],
    ['Location', tutor.location],
    ['Qualifications', tutor.qualifications],
    ['Speciality', tutor.speciality],
    ['About', tutor.bio],
  ] as const;

function Tutor({ tutor, expanded, onToggle }: { tutor: TutorCard; expanded: boolean; onToggle: (id: number) => void }) {
  const nameId = useId();
  const panelId = useId();
  return (
    <article className={`${ui.card} ${styles.tutor}`} aria-labelledby={nameId} data-expanded={expanded}>
      <div className={styles.head}>
        {/* A new photo address gets a fresh chance to load. */}
        <TutorPicture key={tutor.photo ?? ''} tutor={tutor} />
        <div className={styles.intro}>
          <h2 id={nameId} className={styles.name}>
            {tutor.name}
          </h2>
          {tutor.subjects.length > 0 ? (
            <ul className={styles.chips} aria-label="Subjects">
              {tutor.subjects.map((subject) => (
                <li key={subject} className={styles.chip}>
                  {subject}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <button type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={panelId} onClick={() => onToggle(tutor.id)}>
        <span>
          Details <span className={ui.visuallyHidden}>for {tutor.name}</span>
        </span>
        <ChevronIcon />
      </button>
      <div id={panelId} hidden={!expanded}>
        <dl className={styles.details}>
          {details(tutor).map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}

function Body(props: CrTutorsViewProps) {
  if (props.loading) return <CentredSpinner label="Loading tutors" />;
  if (props.error) return <LoadError message={props.error} onRetry={props.onRetry} retrying={props.retrying} />;
  if (props.tutors.length === 0) {
    return (
      <div className={`${ui.card} ${styles.empty}`}>
        <p>{noTutorsText}</p>
      </div>
    );
  }
  return (
    <ul className={styles.list} aria-label="Tutors">
      {props.tutors.map((tutor) => (
        <li key={tutor.id}>
          <Tutor tutor={tutor} expanded={props.expandedIds.includes(tutor.id)} onToggle={props.onToggle} />
        </li>
      ))}
    </ul>
  );
}

/** /crtutors: the branch's tutors as cards with subject chips and an expandable detail (props only). */
export function CrTutorsView(props: CrTutorsViewProps) {
  return (
    <ScreenFrame title="CR Tutors" titleHidden>
      <Body {...props} />
    </ScreenFrame>
  );
}
