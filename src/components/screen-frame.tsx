import type { ReactNode } from 'react';
import styles from './screen-frame.module.css';
import ui from './ui.module.css';

/**
 * The phone-width column every screen sits in, with its one h1 (visually hidden where a header shows the title).
 * `busy`: what the screen shows is still arriving and may move (aria-busy).
 */
export function ScreenFrame({ title, children, titleHidden = false, busy = false }: { title: string; children: ReactNode; titleHidden?: boolean; busy?: boolean }) {
  return (
    <main className={styles.frame} aria-busy={busy || undefined}>
      <h1 className={titleHidden ? ui.visuallyHidden : styles.title}>{title}</h1>
      {children}
    </main>
  );
}
