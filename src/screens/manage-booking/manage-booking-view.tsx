import { type KeyboardEvent, type ReactNode, type RefObject, useId, useRef } from 'react';
import { Link } from 'react-router';
import { ratingScale } from '../../../machines/rating.machine.ts';
import { type BookingCard, type BookingTab, type StatusTone, bookingTabs } from '../../../machines/rules/booking-list.ts';
import { TimesIn, When, YourTime } from '../../components/lesson-time.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { Pager } from '../../components/pager.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './manage-booking.module.css';

/** A card as shown: the mapped booking with its names, null while its service is being looked up. */
export interface BookingCardView extends BookingCard {
  studentName: string | null;
  teacherName: string | null;
}

export interface ManageBookingViewProps {
  tab: BookingTab;
  loading: boolean;
  /** Why the bookings could not be loaded (with Retry); null when all is well. */
  error: string | null;
  retrying: boolean;
  /** The page's cards under their client package, each group titled so a parent tells them apart ('SILVER · Adam Ahmed'). */
  groups: { key: string; title: string; items: BookingCardView[] }[];
  page: number;
  pageCount: number;
  /** Said over the cards: 'Times in Dubai time'. */
  timesIn: string;
  /**
   * The Add to calendar control of a lesson to come (issue 19, item 1), built apart and given by the screen;
   * shown under each card of the Current tab. None given: no control.
   */
  calendarControl?: (booking: BookingCardView) => ReactNode;
  onTab: (tab: BookingTab) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  /** A completed lesson's Comment: opens Rate Us for it. */
  onComment: (id: number) => void;
}

/** How a lesson is named (its card's and the Rate Us dialog's): 'Mathematics, Sun 6 Dec 2026 · 16:00'. */
export const lessonName = (card: Pick<BookingCard, 'subject' | 'when'>) => `${card.subject}, ${card.when}`;

/** The stars given, as 'Rated 4 out of 5'. */
export const ratedText = (stars: number) => `Rated ${stars} out of ${ratingScale}`;

export const emptyBookingTexts = [
  'It was a pleasure supporting your child in the previous sessions.',
  'Now is a great time to continue their learning journey!',
  'Book the next session today and receive a 10% discount.',
] as const;

function Name({ value }: { value: string | null }) {
  if (value !== null) return <>{value}</>;
  return (
    <span className={styles.pendingName}>
      <span aria-hidden="true">…</span>
      <span className={ui.visuallyHidden}>Loading</span>
    </span>
  );
}

/** A mark beside the status word, so a status is never told by its colour alone. */
function StatusMark({ tone }: { tone: StatusTone }) {
  const path = { completed: 'M5 12.5l4.5 4.5L19 7.5', cancelled: 'M7 7l10 10M17 7L7 17', pending: 'M12 7v5l3 2', planned: null }[tone];
  if (!path) return null;
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false" className={styles.statusMark} data-mark={tone}>
      {tone === 'pending' ? <circle cx="12" cy="12" r="8.5" stroke="currentColor" strokeWidth="2.5" fill="none" /> : null}
      <path d={path} stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

function Stars({ stars }: { stars: number }) {
  const shown = Array.from({ length: ratingScale }, (_, i) => (i < stars ? '★' : '☆')).join('');
  return (
    <span role="img" aria-label={ratedText(stars)} className={styles.stars}>
      {shown}
    </span>
  );
}

/** The Action row of a past lesson: the stars given, or Comment while it may be rated; a cancelled lesson has none. */
function Action({ booking, describedBy, onComment }: { booking: BookingCardView; describedBy: string; onComment: (id: number) => void }) {
  if (booking.rating !== null) {
    return (
      <div className={styles.action}>
        <dt>Your rating</dt>
        <dd>
          <Stars stars={booking.rating} />
        </dd>
      </div>
    );
  }
  if (!booking.rateable) return null;
  return (
    <div className={styles.action}>
      <dt>Action</dt>
      <dd>
        <button type="button" className={`${ui.button} ${ui.secondary} ${styles.comment}`} aria-describedby={describedBy} onClick={() => onComment(booking.id)}>
          Comment
        </button>
      </dd>
    </div>
  );
}

function Card({ booking, past, calendarControl, onComment }: { booking: BookingCardView; past: boolean; calendarControl: ManageBookingViewProps['calendarControl']; onComment: (id: number) => void }) {
  const subjectId = useId();
  const whenId = useId();
  // A lesson to come may have one (the screen decides which); a past lesson never does.
  const control = past ? null : calendarControl?.(booking);
  return (
    <article className={`${ui.card} ${styles.card}`} aria-label={lessonName(booking)}>
      <dl className={styles.fields}>
        <div>
          <dt>S.No.</dt>
          <dd>{booking.serial}</dd>
        </div>
        <div>
          <dt>Subject</dt>
          <dd id={subjectId} className={styles.subject}>
            {booking.subject}
          </dd>
        </div>
        <div>
          <dt>Student Name</dt>
          <dd>
            <Name value={booking.studentName} />
          </dd>
        </div>
        <div>
          <dt>Tutor Name</dt>
          <dd>
            <Name value={booking.teacherName} />
          </dd>
        </div>
        <div>
          <dt>Start Date / Time</dt>
          <dd id={whenId}>
            <When text={booking.when} />
            <YourTime text={booking.yourTime} />
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={styles.status} data-tone={booking.tone}>
              <StatusMark tone={booking.tone} />
              {booking.status}
            </span>
          </dd>
        </div>
        {past ? <Action booking={booking} describedBy={`${subjectId} ${whenId}`} onComment={onComment} /> : null}
      </dl>
      {control ? <div className={styles.calendar}>{control}</div> : null}
    </article>
  );
}

function Empty() {
  return (
    <div className={`${ui.card} ${styles.empty}`}>
      {emptyBookingTexts.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <Link className={`${ui.button} ${ui.primary} ${ui.block}`} to="/new-booking">
        New Booking
      </Link>
    </div>
  );
}

function Group({ title, items, past, calendarControl, onComment }: { title: string; items: BookingCardView[]; past: boolean; calendarControl: ManageBookingViewProps['calendarControl']; onComment: (id: number) => void }) {
  const headingId = useId();
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.packageName}>
        {title}
      </h2>
      <ul className={styles.cards}>
        {items.map((booking) => (
          <li key={booking.id}>
            <Card booking={booking} past={past} calendarControl={calendarControl} onComment={onComment} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Panel({ props, top }: { props: ManageBookingViewProps; top: RefObject<HTMLDivElement | null> }) {
  if (props.loading) return <CentredSpinner label="Loading bookings" />;
  if (props.error) return <LoadError message={props.error} onRetry={props.onRetry} retrying={props.retrying} />;
  if (props.groups.length === 0) return <Empty />;
  return (
    <>
      <TimesIn text={props.timesIn} />
      {props.groups.map((group) => (
        <Group key={`${props.page}-${group.key}`} title={group.title} items={group.items} past={props.tab === 'past'} calendarControl={props.calendarControl} onComment={props.onComment} />
      ))}
      <Pager page={props.page} pageCount={props.pageCount} onPage={props.onPage} top={top} />
    </>
  );
}

/** /manage-booking (props only): Current and Past tabs of the client's bookings, by client package, a page at a time. */
export function ManageBookingView(props: ManageBookingViewProps) {
  const base = useId();
  const top = useRef<HTMLDivElement>(null);
  const tabRefs = useRef(new Map<BookingTab, HTMLButtonElement>());
  const tabId = (tab: BookingTab) => `${base}-tab-${tab}`;
  const panelId = (tab: BookingTab) => `${base}-panel-${tab}`;

  // The arrow keys, Home and End move between the tabs and select the one reached (the APG tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    const at = bookingTabs.findIndex((tab) => tab.id === props.tab);
    const last = bookingTabs.length - 1;
    const to = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[event.key];
    const target = to === undefined ? undefined : bookingTabs[to];
    if (!target) return;
    event.preventDefault();
    props.onTab(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  return (
    <ScreenFrame title="Manage Booking" titleHidden>
      <div ref={top} className={styles.tabs} role="tablist" aria-label="Bookings" onKeyDown={onKeyDown}>
        {bookingTabs.map((tab) => {
          const selected = tab.id === props.tab;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className={styles.tab}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => {
                if (!selected) props.onTab(tab.id);
              }}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {bookingTabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={panelId(tab.id)} aria-labelledby={tabId(tab.id)} hidden={tab.id !== props.tab} tabIndex={0} className={styles.panel}>
          {tab.id === props.tab ? <Panel props={props} top={top} /> : null}
        </div>
      ))}
    </ScreenFrame>
  );
}
