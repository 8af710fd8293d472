import type { SupportTypeListData } from '@petheart/contracts';
import styles from '../apply.module.css';

type SupportType = SupportTypeListData['list'][number];

/** The support types as a row of radio chips. */
export function TypePicker({
  types,
  value,
  onChange,
  labelledBy,
}: {
  types: SupportType[];
  value: number | undefined;
  onChange: (id: number) => void;
  labelledBy: string;
}) {
  return (
    <div className={styles.chips} role="radiogroup" aria-labelledby={labelledBy}>
      {types.map((type) => (
        <button
          key={type.id}
          type="button"
          role="radio"
          aria-checked={value === type.id}
          className={value === type.id ? styles.chipOn : styles.chip}
          onClick={() => {
            onChange(type.id);
          }}
        >
          {type.name}
        </button>
      ))}
    </div>
  );
}
