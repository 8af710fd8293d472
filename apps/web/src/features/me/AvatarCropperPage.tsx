import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import Cropper, { type Area } from 'react-easy-crop';
import { Button, Slider, Toast } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { uploadEndpoints, userEndpoints } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { cropToBlob } from './crop';
import styles from './me.module.css';

function initialSource(state: unknown): string | null {
  if (state && typeof state === 'object' && 'src' in state && typeof state.src === 'string') return state.src;
  return null;
}

/**
 * The avatar cropper (black bar): frame the picked image in a square, then the crop is drawn on a canvas,
 * uploaded and saved as the avatar. Opened from the user info page with the image, or directly.
 */
export default function AvatarCropperPage() {
  const { t } = useTranslation('me');
  const { t: tm } = useTranslation('messages');
  const { t: tc } = useTranslation('common');
  const location = useLocation();
  const api = useApi();
  const session = useSession();
  const nav = useNavigator();
  const [src, setSrc] = useState<string | null>(() => initialSource(location.state));
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // Object URLs are released when replaced and when the page goes.
  useEffect(
    () => () => {
      if (src?.startsWith('blob:')) URL.revokeObjectURL(src);
    },
    [src],
  );

  const onCropComplete = useCallback((_: Area, pixels: Area) => {
    setArea(pixels);
  }, []);

  const save = async () => {
    if (!src || !area || saving) return;
    setSaving(true);
    try {
      const blob = await cropToBlob(src, area);
      const uploaded = await api.upload(uploadEndpoints.upload, blob, 'avatar.jpg');
      const data = await api.call(userEndpoints.profile, { avatar: uploaded.url }, { task: 'profile' });
      session.setUser(data.userinfo);
      Toast.show({ content: tm('ok.saved'), icon: 'success' });
      nav.back();
    } catch {
      // the API client has already told the user what went wrong
      setSaving(false);
    }
  };

  return (
    <div className={styles.cropper}>
      <div className={styles.cropBar}>
        <button
          type="button"
          className={styles.cropBarButton}
          aria-label={tc('back')}
          onClick={() => {
            nav.back();
          }}
        >
          <LeftOutline />
        </button>
        <h1>{t('cropper.title')}</h1>
        <span className={styles.cropBarButton} />
      </div>
      <input
        ref={fileInput}
        className={styles.hiddenInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-label={t('cropper.choose')}
        data-testid="cropper-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) {
            setSrc(URL.createObjectURL(file));
            setZoom(1);
            setCrop({ x: 0, y: 0 });
          }
          e.target.value = '';
        }}
      />
      {src ? (
        <div className={styles.cropArea}>
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={onCropComplete}
          />
        </div>
      ) : (
        <div className={styles.cropEmpty}>
          <Button color="primary" shape="rounded" onClick={() => fileInput.current?.click()}>
            {t('cropper.choose')}
          </Button>
        </div>
      )}
      {src ? (
        <div className={styles.cropFooter}>
          <div className={styles.cropHint}>{t('cropper.hint')}</div>
          <Slider
            aria-label={t('cropper.zoom')}
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={(v) => {
              setZoom(Array.isArray(v) ? v[0] : v);
            }}
          />
          <div className={styles.cropActions}>
            <Button block shape="rounded" fill="outline" onClick={() => fileInput.current?.click()}>
              {t('cropper.pick')}
            </Button>
            <Button block shape="rounded" color="primary" loading={saving} disabled={!area} onClick={() => void save()}>
              {t('cropper.confirm')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
