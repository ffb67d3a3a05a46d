import { useEffect, useId, useRef } from 'react';
import { LoadError } from '../../components/load-error.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './calendar-feed.module.css';

/** What the section shows of the feed. */
export type CalendarFeedPanel =
  | { kind: 'loading' }
  | { kind: 'loadFailed'; message: string; retrying: boolean }
  /** No feed yet. */
  | { kind: 'none' }
  /** Just made or reset: the one time its address can be shown (the server keeps only a hash of its secret). */
  | { kind: 'shown'; url: string; webcalUrl: string }
  /** A feed is on, its address no longer known: since when ('Sat 28 Nov 2026'; null if the server did not say). */
  | { kind: 'active'; since: string | null };

export type CopyStatus = 'idle' | 'copied' | 'failed';

export interface CalendarFeedViewProps {
  panel: CalendarFeedPanel;
  /** A link is being made (Create or Reset): that button waits. */
  saving: boolean;
  /** Why making the link failed (with Retry); null when it did not. */
  saveError: string | null;
  /** The Reset confirmation is open. */
  confirmOpen: boolean;
  copy: CopyStatus;
  onRetryLoad: () => void;
  onCreate: () => void;
  /** Reset asks first: opens the confirmation. */
  onReset: () => void;
  onCancelReset: () => void;
  onConfirmReset: () => void;
  onRetrySave: () => void;
  onCopy: () => void;
}

export const calendarFeedTexts = {
  title: 'Calendar feed',
  loading: 'Loading your calendar link',
  intro: 'Subscribe to your lessons in your calendar app: a private link keeps them up to date as lessons are booked, moved or cancelled.',
  create: 'Create calendar link',
  linkLabel: 'Your calendar link',
  copy: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'This browser did not let the page copy. The link is selected: copy it yourself.',
  subscribe: 'Subscribe in calendar app',
  shownOnce: 'This link is shown only now: copy it or subscribe before you leave this page. Anyone with the link can see your lesson times.',
  activeSince: (since: string | null) => (since ? `Your calendar link is on since ${since}.` : 'Your calendar link is on.'),
  notShownAgain: 'For your privacy it is not shown again. Reset makes a new link.',
  reset: 'Reset',
  resetTitle: 'Reset calendar link?',
  resetWarning: 'The old link stops working at once: calendars subscribed to it stop updating.',
  resetConfirm: 'Reset link',
  cancel: 'Cancel',
} as const;

/** A button that waits without losing focus (aria-disabled, not disabled) while `busy`. */
function BusyButton({ busy, onClick, primary = false, children }: { busy: boolean; onClick: () => void; primary?: boolean; children: string }) {
  return (
    <button
      type="button"
      className={`${ui.button} ${primary ? ui.primary : ui.secondary} ${styles.busyable}`}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onClick();
      }}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}

function ShownLink({ url, webcalUrl, copy, saving, onCopy, onReset }: { url: string; webcalUrl: string; copy: CopyStatus; saving: boolean; onCopy: () => void; onReset: () => void }) {
  const fieldId = useId();
  const noticeId = useId();
  const field = useRef<HTMLInputElement>(null);
  // The link replaced the button that made it: focus goes to the link, which is what the client came for.
  useEffect(() => {
    field.current?.focus();
  }, [url]);
  // Where the page may not copy, the link is selected so that the client's own copy takes it.
  useEffect(() => {
    if (copy === 'failed') field.current?.focus();
  }, [copy]);
  return (
    <div className={styles.shown}>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={fieldId}>
          {calendarFeedTexts.linkLabel}
        </label>
        <input
          ref={field}
          id={fieldId}
          className={`${ui.input} ${styles.link}`}
          type="url"
          value={url}
          readOnly
          aria-describedby={noticeId}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <p id={noticeId} className={styles.notice}>
        {calendarFeedTexts.shownOnce}
      </p>
      <div className={ui.actions}>
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={onCopy}>
          {calendarFeedTexts.copy}
        </button>
        <a className={`${ui.button} ${ui.secondary}`} href={webcalUrl}>
          {calendarFeedTexts.subscribe}
        </a>
        <BusyButton busy={saving} onClick={onReset}>
          {calendarFeedTexts.reset}
        </BusyButton>
      </div>
      <p role="status" className={copy === 'failed' ? ui.error : styles.copied}>
        {copy === 'copied' ? calendarFeedTexts.copied : copy === 'failed' ? calendarFeedTexts.copyFailed : null}
      </p>
    </div>
  );
}

function Panel({ props }: { props: CalendarFeedViewProps }) {
  const { panel } = props;
  switch (panel.kind) {
    case 'loading':
      return <Spinner label={calendarFeedTexts.loading} />;
    case 'loadFailed':
      return <LoadError message={panel.message} onRetry={props.onRetryLoad} retrying={panel.retrying} />;
    case 'none':
      return (
        <>
          <p className={styles.text}>{calendarFeedTexts.intro}</p>
          <BusyButton busy={props.saving} onClick={props.onCreate} primary>
            {calendarFeedTexts.create}
          </BusyButton>
        </>
      );
    case 'shown':
      return <ShownLink url={panel.url} webcalUrl={panel.webcalUrl} copy={props.copy} saving={props.saving} onCopy={props.onCopy} onReset={props.onReset} />;
    case 'active':
      return (
        <>
          <p className={styles.text}>{calendarFeedTexts.activeSince(panel.since)}</p>
          <p className={styles.muted}>{calendarFeedTexts.notShownAgain}</p>
          <BusyButton busy={props.saving} onClick={props.onReset}>
            {calendarFeedTexts.reset}
          </BusyButton>
        </>
      );
  }
}

/** Profile's Calendar feed (props only): make a private feed of the client's lessons, see it once, reset it. */
export function CalendarFeedView(props: CalendarFeedViewProps) {
  const headingId = useId();
  return (
    <section className={`${ui.card} ${styles.section}`} aria-labelledby={headingId} aria-busy={props.saving || props.panel.kind === 'loading'}>
      <h2 id={headingId} className={styles.title}>
        {calendarFeedTexts.title}
      </h2>
      <Panel props={props} />
      {props.saveError ? <LoadError message={props.saveError} onRetry={props.onRetrySave} retrying={props.saving} /> : null}
      <ModalDialog open={props.confirmOpen} title={calendarFeedTexts.resetTitle} onClose={props.onCancelReset} role="alertdialog">
        <p className={styles.text}>{calendarFeedTexts.resetWarning}</p>
        <div className={`${ui.actions} ${styles.dialogActions}`}>
          {/* The safe choice takes focus first (APG alert dialog). */}
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={props.onCancelReset} data-autofocus>
            {calendarFeedTexts.cancel}
          </button>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={props.onConfirmReset}>
            {calendarFeedTexts.resetConfirm}
          </button>
        </div>
      </ModalDialog>
    </section>
  );
}
