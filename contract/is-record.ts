/** A JSON object (not null, not an array): the first check of every shape read from storage or an answer, on both sides. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
