import { useEffect, useRef, useState } from 'react';
import { ImageViewer } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '../../../shared/format';
import styles from '../post.module.css';

/**
 * antd-mobile's viewer sits in a mask marked aria-hidden and answers no keys: while it is open this makes it a
 * labelled modal dialog, closes it on Escape, and moves focus to its Close button (and back after).
 */
function useViewerAccess(visible: boolean, label: string, close: () => void) {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!visible) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const frame = requestAnimationFrame(() => {
      const mask = document.querySelector(`.${styles.viewerMask ?? 'adm-mask'}`);
      if (!mask) return;
      mask.removeAttribute('aria-hidden');
      mask.setAttribute('role', 'dialog');
      mask.setAttribute('aria-modal', 'true');
      mask.setAttribute('aria-label', label);
      mask.querySelector<HTMLElement>(`.${styles.viewerClose ?? 'x'}`)?.focus();
    });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [visible, label]);
}

/** The detail's images: a grid (one image large); tapping one opens the full-screen viewer at it. */
export function PostImages({ images, assetHost }: { images: string[]; assetHost: string }) {
  const { t } = useTranslation('community');
  // The viewer keeps its first index: each opening mounts a fresh one (`n`), so it starts at the tapped image.
  const [viewer, setViewer] = useState({ index: 0, n: 0, visible: false });
  const close = () => {
    setViewer((v) => ({ ...v, visible: false }));
  };
  useViewerAccess(viewer.visible, t('images'), close);
  if (images.length === 0) return null;
  const urls = images.map((i) => imageUrl(i, assetHost));
  return (
    <>
      <ul className={urls.length === 1 ? styles.gridSingle : styles.grid} data-testid="post-images">
        {urls.map((src, i) => (
          <li key={`${src}#${String(i)}`}>
            <button
              type="button"
              className={styles.gridButton}
              onClick={() => {
                setViewer((v) => ({ index: i, n: v.n + 1, visible: true }));
              }}
            >
              <img src={src} alt={t('imageN', { n: i + 1, total: urls.length })} loading={i < 3 ? 'eager' : 'lazy'} />
            </button>
          </li>
        ))}
      </ul>
      <ImageViewer.Multi
        key={viewer.n}
        images={urls}
        visible={viewer.visible}
        defaultIndex={viewer.index}
        onClose={close}
        classNames={{ mask: styles.viewerMask }}
        renderFooter={(_, i) => (
          <div className={styles.viewerFooter}>
            {/* the viewer shows "2 / 3" itself; this says it to screen readers */}
            <span className="ph-visually-hidden" aria-live="polite">
              {t('imageN', { n: i + 1, total: urls.length })}
            </span>
            <button type="button" className={styles.viewerClose} onClick={close}>
              {t('close')}
            </button>
          </div>
        )}
      />
    </>
  );
}
