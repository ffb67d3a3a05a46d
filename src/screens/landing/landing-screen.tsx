import { useId } from 'react';
import { Link } from 'react-router';
import { config } from '../../config.ts';
import styles from './landing.module.css';

// The landing route has a tight JS budget (React and the router use most of it), so this file imports
// nothing but those, its styles and the config: no shared components, no API client, no toasts.

const providerHref = (host: string) => (/^https?:\/\//i.test(host) ? host : `https://${host}`);
const providerLabel = (host: string) => host.replace(/^https?:\/\//i, '');

function LogoMark() {
  const titleId = useId();
  return (
    <svg className={styles.logo} role="img" aria-labelledby={titleId} viewBox="0 0 64 64" width="64" height="64">
      <title id={titleId}>Tutoring service logo</title>
      <rect width="64" height="64" rx="16" fill="currentColor" />
      {/* An open book: the service teaches. */}
      <path d="M14 20c7-3 13-2 18 2v24c-5-4-11-5-18-2zM50 20c-7-3-13-2-18 2v24c5-4 11-5 18-2z" fill="#fff" />
    </svg>
  );
}

/** `/`: the public start page; Get Started is a plain link to /login. */
export function LandingScreen() {
  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <LogoMark />
        <h1 className={styles.tagline}>
          <span className={styles.line}>Discover your next skill</span> <span className={styles.line}>Learn anything you want!</span>
        </h1>
        <p className={styles.subline}>Learn and grow</p>
        <Link className={styles.start} to="/login">
          Get Started
        </Link>
      </main>
      <footer className={styles.footer}>
        <a href={providerHref(config.providerHost)}>{providerLabel(config.providerHost)}</a>
      </footer>
    </div>
  );
}
