import { useState } from 'react';
import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { LiveRoom } from '@petheart/contracts';
import { PagedList, type PagedListState } from '../../../shared/ui';
import { ChevronIcon } from './icons';
import styles from './publish.module.css';

/** What the form shows for the chosen device. */
export interface DeviceChoice {
  id: string;
  name: string;
  base_name: string;
}

export const choiceOf = (r: LiveRoom): DeviceChoice => ({ id: r.device_id, name: r.name, base_name: r.base_name });

/**
 * The device field: a row showing the choice (or "Please select") that opens a sheet listing the live rooms
 * (one per device) as radio buttons; choosing one closes it.
 */
export function DevicePicker({
  value,
  rooms,
  onChange,
  errorId,
  invalid,
  locked = false,
}: {
  value: DeviceChoice | null;
  rooms: PagedListState<LiveRoom>;
  onChange: (d: DeviceChoice) => void;
  errorId: string;
  invalid: boolean;
  /** Shows the device without a way to change it. */
  locked?: boolean;
}) {
  const { t } = useTranslation('community');
  const [open, setOpen] = useState(false);
  const label = value ? (
    <>
      <span className={styles.pickerName}>{value.name}</span>
      {value.base_name && (
        <span className={styles.pickerBase}>
          <span className="ph-visually-hidden">, </span>
          {value.base_name}
        </span>
      )}
    </>
  ) : (
    t('selectDevice')
  );
  if (locked) {
    return (
      <div className={styles.pickerRow} data-testid="device-picker">
        <span className={styles.label}>{t('device')}</span>
        <span className={styles.pickerValue}>{label}</span>
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        className={styles.pickerRow}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        data-testid="device-picker"
        onClick={() => {
          setOpen(true);
        }}
      >
        <span className={styles.label}>{t('device')}</span>
        <span className={value ? styles.pickerValue : styles.pickerPlaceholder}>{label}</span>
        <ChevronIcon className={styles.pickerArrow} />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => {
          setOpen(false);
        }}
        onClose={() => {
          setOpen(false);
        }}
        showCloseButton
        bodyClassName={styles.sheet}
        destroyOnClose
      >
        <div role="dialog" aria-modal="true" aria-labelledby="device-sheet-title" className={styles.sheetInner}>
          <h2 id="device-sheet-title" className={styles.sheetTitle}>
            {t('chooseDevice')}
          </h2>
          <div role="radiogroup" aria-labelledby="device-sheet-title">
            <PagedList
              list={rooms}
              keyOf={(r) => r.device_id}
              emptyText={t('devicesEmpty')}
              renderItem={(r) => (
                <label className={styles.option}>
                  <input
                    type="radio"
                    name="post-device"
                    value={r.device_id}
                    checked={value?.id === r.device_id}
                    onChange={() => {
                      onChange(choiceOf(r));
                      setOpen(false);
                    }}
                  />
                  <span className={styles.optionText}>
                    <span className={styles.optionName}>{r.name}</span>
                    <span className={styles.optionBase}>{r.base_name}</span>
                  </span>
                  <span className={r.online ? styles.onDot : styles.offDot} aria-hidden="true" />
                </label>
              )}
            />
          </div>
        </div>
      </Popup>
    </>
  );
}
