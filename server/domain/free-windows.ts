/** A stretch of time in epoch milliseconds, the finish excluded (as a tstzrange '[)'). */
export interface Span {
  start: number;
  finish: number;
}

/**
 * What is left of `window` once every busy span is taken out of it, earliest first. Busy spans may overlap
 * each other or reach past either end of the window; any overlap takes its time away, not only a lesson that
 * starts on the hour, so a piece may be shorter than an hour or start off the hour (the grid offers the whole
 * hours inside it). An empty piece is no piece.
 */
export function freePieces(window: Span, busy: readonly Span[]): Span[] {
  const cuts = busy.filter((b) => b.start < window.finish && b.finish > window.start).sort((a, b) => a.start - b.start);
  const pieces: Span[] = [];
  let from = window.start;
  for (const cut of cuts) {
    if (cut.start > from) pieces.push({ start: from, finish: cut.start });
    from = Math.max(from, cut.finish);
    if (from >= window.finish) return pieces;
  }
  if (from < window.finish) pieces.push({ start: from, finish: window.finish });
  return pieces;
}

export interface TutorWindow {
  id: number;
  contractor_id: number;
  start: Date;
  finish: Date;
}

/** A stretch in which a tutor is busy; a bound the database leaves open (null) reaches as far as time does. */
export interface TutorBusy {
  contractor_id: number;
  start: Date | null;
  finish: Date | null;
}

/**
 * Each tutor's windows without the tutor's busy stretches: the pieces keep their window's id (`apt_id`) and
 * tutor, in the order of the windows.
 */
export function freeWindows(windows: readonly TutorWindow[], busy: readonly TutorBusy[]): TutorWindow[] {
  const byTutor = new Map<number, Span[]>();
  for (const b of busy) {
    const spans = byTutor.get(b.contractor_id) ?? [];
    spans.push({ start: b.start?.getTime() ?? -Infinity, finish: b.finish?.getTime() ?? Infinity });
    byTutor.set(b.contractor_id, spans);
  }
  return windows.flatMap((w) => {
    const spans = byTutor.get(w.contractor_id);
    if (!spans) return [w];
    return freePieces({ start: w.start.getTime(), finish: w.finish.getTime() }, spans).map((piece) => ({
      id: w.id,
      contractor_id: w.contractor_id,
      start: new Date(piece.start),
      finish: new Date(piece.finish),
    }));
  });
}
