import { type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import type { RescheduleItem } from '../../../machines/rules/booking-list.ts';
import { TimesIn, When, YourTime } from '../../components/lesson-time.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { Pager } from '../../components/pager.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner, Spinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './rescheduling.module.css';

export interface ReschedulingViewProps {
  loading: boolean;
  /** Why the lessons could not be loaded (with Retry); null when all is well. */
  error: string | null;
  retrying: boolean;
  /** The page's lessons under their client package, each group titled so a parent tells them apart ('SILVER · Adam Ahmed'). */
  groups: { key: string; title: string; items: RescheduleItem[] }[];
  page: number;
  pageCount: number;
  /** Said over the lessons: 'Times in Dubai time'. */
  timesIn: string;
  /** The lesson whose Reschedule is on its way (its tutor is being looked up); null when none is. */
  opening: number | null;
  /** Said under a planned lesson that is inside the reschedule notice (it has no Reschedule button). */
  noticeText: string;
  onPage: (page: number) => void;
  onRetry: () => void;
  onReschedule: (id: number) => void;
}

export const noLessonsText = 'No available Tutors';

/** What a Reschedule button is called to a screen reader: the visible word, then which lesson it moves. */
export const rescheduleLabel = (item: Pick<RescheduleItem, 'topic' | 'when'>) => `Reschedule ${item.topic} on ${item.when}`;

function ChevronIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className={styles.chevron}>
      <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

function Lesson({ item, opening, busy, noticeText, onReschedule }: { item: RescheduleItem; opening: boolean; busy: boolean; noticeText: string; onReschedule: (id: number) => void }) {
  // Whether the details are shown is the card's own business: nothing else depends on it.
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const detailsId = useId();
  return (
    <article className={`${ui.card} ${styles.lesson}`} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.service}>
        {item.serviceName}
      </h3>
      <p className={styles.topic}>{item.topic}</p>
      <p className={styles.time}>
        <When text={item.when} />
        <YourTime text={item.yourTime} />
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.disclosure} aria-expanded={expanded} aria-controls={detailsId} aria-describedby={headingId} onClick={() => setExpanded(!expanded)}>
          Details
          <ChevronIcon />
        </button>
        {item.reschedulable ? (
          <button
            type="button"
            className={`${ui.button} ${ui.primary}`}
            disabled={busy}
            aria-busy={opening}
            aria-label={rescheduleLabel(item)}
            aria-describedby={headingId}
            onClick={() => onReschedule(item.id)}
          >
            {opening ? <Spinner /> : null}
            Reschedule
          </button>
        ) : null}
      </div>
      <dl id={detailsId} className={styles.details} hidden={!expanded}>
        <div>
          <dt>Status</dt>
          <dd>{item.status}</dd>
        </div>
        <div>
          <dt>Service ID</dt>
          <dd>{item.serviceId}</dd>
        </div>
      </dl>
      {item.insideNotice ? <p className={styles.notice}>{noticeText}</p> : null}
    </article>
  );
}

function Body({ props, top }: { props: ReschedulingViewProps; top: RefObject<HTMLDivElement | null> }) {
  if (props.loading) return <CentredSpinner label="Loading lessons" />;
  if (props.error) return <LoadError message={props.error} onRetry={props.onRetry} retrying={props.retrying} />;
  if (props.groups.length === 0) {
    return (
      <div className={`${ui.card} ${styles.empty}`}>
        <p>{noLessonsText}</p>
      </div>
    );
  }
  return (
    <>
      <TimesIn text={props.timesIn} />
      {props.groups.map((group) => (
        <Group key={`${props.page}-${group.key}`} title={group.title}>
          {group.items.map((item) => (
            <li key={item.id}>
              <Lesson item={item} opening={props.opening === item.id} busy={props.opening !== null} noticeText={props.noticeText} onReschedule={props.onReschedule} />
            </li>
          ))}
        </Group>
      ))}
      <Pager page={props.page} pageCount={props.pageCount} onPage={props.onPage} top={top} />
    </>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.packageName}>
        {title}
      </h2>
      <ul className={styles.lessons}>{children}</ul>
    </section>
  );
}

/** /rescheduling (props only): the client's lessons to come by client package, ten a page, each with Reschedule while it may move. */
export function ReschedulingView(props: ReschedulingViewProps) {
  const top = useRef<HTMLDivElement>(null);
  return (
    <ScreenFrame title="Rescheduling" titleHidden>
      <div ref={top} className={styles.top}>
        <Body props={props} top={top} />
      </div>
    </ScreenFrame>
  );
}
