import { describe, expect, it } from 'vitest';
import { errorText } from '../../machines/rules/error-text.ts';

describe('errorText: what a chart shows of a failed actor', () => {
  it.each([
    ['an Error: its message', new Error('The free assessment class has been booked already.'), 'The free assessment class has been booked already.'],
    ['a TypeError: its message', new TypeError('Failed to fetch'), 'Failed to fetch'],
    ['a string thrown as is', 'Network down', 'Network down'],
    ['a number', 409, '409'],
    ['undefined', undefined, 'undefined'],
  ])('%s', (_name, error, text) => {
    expect(errorText(error)).toBe(text);
  });
});
