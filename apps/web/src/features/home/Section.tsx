import type { ReactNode } from 'react';
import styles from './sections.module.css';

export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}
