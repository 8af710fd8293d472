import styles from './admin.module.css';

/** The fields of one record in a console drawer or dialog: a label and its value a row. */
export function DetailList({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <dl className={styles.detail}>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
