import type { ReactNode } from 'react';
import styles from './app-header.module.css';

export interface HeaderBarProps {
  /** The buttons on the left (menu, back). */
  start?: ReactNode;
  /** The centred title: text, or a logo. */
  title: ReactNode;
  /** The buttons on the right. */
  end?: ReactNode;
}

/**
 * The header bar's frame: three columns, the title centred whatever the sides hold. AppHeader fills it; the first
 * load's frame (src/app/loading-frame.tsx) draws it with the title alone, from the entry, which is why it is apart.
 */
export function HeaderBar({ start, title, end }: HeaderBarProps) {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.start}>{start}</div>
        <div className={styles.title}>{title}</div>
        <div className={styles.end}>{end}</div>
      </div>
    </header>
  );
}
