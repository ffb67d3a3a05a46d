/**
 * What a chart shows of a failed actor: the calls in src/api/calls throw Errors whose message is already the text
 * for the client (the server's refusal, or the spec's fallback), so the message is the text; anything else thrown
 * (a bug, a rejected non-Error) is shown as itself rather than swallowed.
 */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
