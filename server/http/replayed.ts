/**
 * What a handler answers when a write under an idempotency key (an order ref) was made before: the
 * first call's resource, sent with 200 instead of the operation's 201.
 */
export class Replayed<T> {
  constructor(readonly body: T) {}
}

export const replayed = <T>(body: T) => new Replayed(body);

/** The answer to a write that may have been made before (`again`): replayed then, the operation's own otherwise. */
export const replayedIf = <T>(again: boolean, body: T): T | Replayed<T> => (again ? replayed(body) : body);
