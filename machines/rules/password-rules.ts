export const linkPasswordMismatchText = 'New password and confirm password does not match.';
export const profileFieldsRequiredText = 'All fields are required';
export const profilePasswordMismatchText = 'New passwords do not match.';

/** /changepassword/{id}: new and confirm must match. Answers the message to show, or null. */
export function checkLinkPasswords(newPassword: string, confirmPassword: string): string | null {
  return newPassword === confirmPassword ? null : linkPasswordMismatchText;
}

/** Profile's Change Password: all three fields, then new and confirm must match. */
export function checkProfilePasswords(fields: { oldPassword: string; newPassword: string; confirmPassword: string }): string | null {
  if (!fields.oldPassword || !fields.newPassword || !fields.confirmPassword) return profileFieldsRequiredText;
  return fields.newPassword === fields.confirmPassword ? null : profilePasswordMismatchText;
}
