import { useEffect, useRef, type ReactNode } from 'react';
import styles from '../sheets.module.css';

/**
 * A bottom sheet: a dimmed backdrop and a panel sliding up; Escape or the backdrop closes it, focus moves in
 * and goes back where it was. Its content exists only while open. (antd-mobile's Popup would pull the shared
 * react-dom chunk apart and cost the first page ~1.3 KiB.)
 */
export function Sheet({
  visible,
  onClose,
  labelledBy,
  testId,
  dismissible = true,
  children,
}: {
  visible: boolean;
  onClose: () => void;
  labelledBy: string;
  testId?: string;
  /** Whether the backdrop closes it (Escape always does). */
  dismissible?: boolean;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!visible) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [visible]);
  if (!visible) return null;
  return (
    <div className={styles.root}>
      <div className={styles.backdrop} aria-hidden="true" onClick={dismissible ? onClose : undefined} />
      <div
        ref={panel}
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        data-testid={testId}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}
