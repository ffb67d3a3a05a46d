import { describe, expect, it } from 'vitest';
import { quoteThankYouText } from '../../machines/rules/quote-rules.ts';
import { termsRequiredText } from '../../contract/refusals.ts';

describe('quote form thank-you text by number of students', () => {
  it.each([
    ['1', /link with your username and password has been e-mailed/],
    ['2', /link with your username and password has been e-mailed/],
    ['3+', /request for 3 children has been received.*representative will contact you.*no further action is needed/],
  ] as const)('%s students', (students, text) => {
    expect(quoteThankYouText(students)).toMatch(text);
  });
  it('asks for the terms as the spec writes it', () => {
    expect(termsRequiredText).toBe('Please agree to the terms and conditions.');
  });
});
