import styles from './initials-avatar.module.css';

/** The first letter of each name, upper-cased: 'Sarah' 'Ahmed' -> 'SA'. */
export function initialsOf(firstName: string, lastName: string): string {
  const first = [...firstName.trim()][0] ?? '';
  const last = [...lastName.trim()][0] ?? '';
  return `${first}${last}`.toLocaleUpperCase() || '?';
}

/**
 * A local avatar with the user's initials (no external avatar service: docs/decisions/009-initials-avatar.md). Decorative: the name
 * is always written next to it.
 */
export function InitialsAvatar({ firstName, lastName, size = 'medium' }: { firstName: string; lastName: string; size?: 'medium' | 'large' }) {
  return (
    <span className={`${styles.avatar} ${size === 'large' ? styles.large : ''}`} aria-hidden="true">
      {initialsOf(firstName, lastName)}
    </span>
  );
}
