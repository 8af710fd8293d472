import type { CertificateText } from './draw';
import styles from './certificate.module.css';

function Paw({ className }: { className: string | undefined }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true">
      <ellipse cx="32" cy="40" rx="13" ry="10.5" />
      <circle cx="19" cy="27" r="5" />
      <circle cx="27" cy="18" r="5" />
      <circle cx="37" cy="18" r="5" />
      <circle cx="45" cy="27" r="5" />
    </svg>
  );
}

/** The certificate as the page shows it (the saved image draws the same words). */
export function CertificateCard({ text }: { text: CertificateText }) {
  return (
    <article className={styles.card} data-testid="certificate" aria-labelledby="certificate-title">
      <div className={styles.frame}>
        <Paw className={styles.emblem} />
        <p className={styles.brand}>{text.brand}</p>
        <h2 id="certificate-title" className={styles.title}>
          {text.title}
        </h2>
        <p className={styles.presented}>{text.presented}</p>
        <p className={styles.nickname} data-testid="certificate-name">
          {text.nickname}
        </p>
        <p className={styles.body}>{text.body}</p>
        <dl className={styles.stats}>
          {text.stats.map((s, i) => (
            <div key={s.label} className={styles.stat} data-testid={`certificate-stat-${String(i)}`}>
              <dd className={styles.statValue}>{s.value}</dd>
              <dt className={styles.statLabel}>{s.label}</dt>
            </div>
          ))}
        </dl>
        <p className={styles.thanks}>{text.thanks}</p>
        <footer className={styles.footer}>
          <div className={styles.meta}>
            <span>{text.issued}</span>
            <span>{text.number}</span>
          </div>
          <div className={styles.seal} aria-hidden="true">
            <Paw className={styles.sealPaw} />
            <span>{text.brand}</span>
          </div>
        </footer>
      </div>
    </article>
  );
}
