import { useTranslation } from 'react-i18next';
import { clampPoints } from '../support';
import styles from '../detail.module.css';

/** − [points] +, within 1…max. */
export function PointsStepper({
  value,
  max,
  onChange,
  id,
}: {
  value: number;
  max: number;
  onChange: (points: number) => void;
  id: string;
}) {
  const { t } = useTranslation('events');
  return (
    <div className={styles.stepper}>
      <button
        type="button"
        className={styles.stepButton}
        aria-label={t('sheet.decrease')}
        disabled={value <= 1}
        onClick={() => {
          onChange(clampPoints(value - 1, max));
        }}
      >
        −
      </button>
      <input
        id={id}
        className={styles.stepInput}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        onChange={(e) => {
          onChange(clampPoints(Number(e.target.value), max));
        }}
      />
      <button
        type="button"
        className={styles.stepButton}
        aria-label={t('sheet.increase')}
        disabled={value >= max}
        onClick={() => {
          onChange(clampPoints(value + 1, max));
        }}
      >
        +
      </button>
    </div>
  );
}
