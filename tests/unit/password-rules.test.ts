import { describe, expect, it } from 'vitest';
import {
  checkLinkPasswords,
  checkProfilePasswords,
  linkPasswordMismatchText,
  profileFieldsRequiredText,
  profilePasswordMismatchText,
} from '../../machines/rules/password-rules.ts';

describe('change password via link: new and confirm must match', () => {
  it.each([
    ['same', 'secret-123', 'secret-123', null],
    ['different', 'secret-123', 'secret-124', linkPasswordMismatchText],
    ['confirm empty', 'secret-123', '', linkPasswordMismatchText],
    ['case differs', 'Secret-123', 'secret-123', linkPasswordMismatchText],
  ])('%s', (_, next, confirm, expected) => {
    expect(checkLinkPasswords(next, confirm)).toBe(expected);
  });
  it('says it as the spec writes it', () => {
    expect(linkPasswordMismatchText).toBe('New password and confirm password does not match.');
  });
});

describe('profile change password: all three required, then new and confirm must match', () => {
  it.each([
    ['all filled and matching', 'old', 'new-pass', 'new-pass', null],
    ['old missing', '', 'new-pass', 'new-pass', profileFieldsRequiredText],
    ['new missing', 'old', '', 'new-pass', profileFieldsRequiredText],
    ['confirm missing', 'old', 'new-pass', '', profileFieldsRequiredText],
    ['all missing', '', '', '', profileFieldsRequiredText],
    ['new and confirm differ', 'old', 'new-pass', 'new-pasS', profilePasswordMismatchText],
  ])('%s', (_, oldPassword, newPassword, confirmPassword, expected) => {
    expect(checkProfilePasswords({ oldPassword, newPassword, confirmPassword })).toBe(expected);
  });
  it('says it as the spec writes it', () => {
    expect([profileFieldsRequiredText, profilePasswordMismatchText]).toEqual(['All fields are required', 'New passwords do not match.']);
  });
});
