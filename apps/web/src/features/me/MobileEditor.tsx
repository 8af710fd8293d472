import { useEffect, useState } from 'react';
import { Button, Input, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CodeSchema, MobileSchema, codeEndpoints, userEndpoints } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useMessage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import styles from './me.module.css';

/** Seconds before another code may be asked for (the server allows one a minute per number). */
export const RESEND_SECONDS = 60;

/** Seconds left of the resend wait, counted against the clock (right after the tab was in the background). */
function useResendWait() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const s = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) setEndsAt(null);
    };
    const timer = setInterval(tick, 250);
    return () => {
      clearInterval(timer);
    };
  }, [endsAt]);
  return {
    left,
    start: () => {
      setEndsAt(Date.now() + RESEND_SECONDS * 1000);
      setLeft(RESEND_SECONDS);
    },
  };
}

/**
 * Sets the mobile number with a code sent to it (issue 29 §5): the number → Send code (a text message, then a
 * minute before another) → the code → Save. A number another account has is refused by the server, in the user's
 * language (the API client shows it); the form stays as it was.
 */
export function MobileEditor({ current, onClose }: { current: string | null; onClose: () => void }) {
  const { t } = useTranslation('me');
  const { t: tm } = useTranslation('messages');
  const message = useMessage();
  const api = useApi();
  const session = useSession();
  const wait = useResendWait();
  const [mobile, setMobile] = useState(current ?? '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ mobile?: string; code?: string }>({});
  const [saving, setSaving] = useState(false);

  const send = async () => {
    const parsed = MobileSchema.safeParse(mobile);
    if (!parsed.success) {
      setErrors({ mobile: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    try {
      await api.call(codeEndpoints.smsSend, { mobile: parsed.data, event: 'changemobile' }, { task: 'sendCode' });
    } catch {
      return; // the API client has shown why (a number in use, too many codes…)
    }
    setSentTo(parsed.data);
    wait.start();
    Toast.show({ content: tm('ok.codeSent') });
  };

  const save = async () => {
    const number = MobileSchema.safeParse(mobile);
    const captcha = CodeSchema.safeParse(code);
    if (!number.success || !captcha.success) {
      setErrors({ mobile: number.error?.issues[0]?.message, code: captcha.error?.issues[0]?.message });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const data = await api.call(
        userEndpoints.changemobile,
        { mobile: number.data, captcha: captcha.data },
        { task: 'changeMobile' },
      );
      session.setUser(data.userinfo);
    } catch {
      return;
    } finally {
      setSaving(false);
    }
    Toast.show({ content: tm('ok.mobileChanged'), icon: 'success' });
    onClose();
  };

  return (
    <form
      className={styles.popup}
      noValidate
      aria-labelledby="mobile-title"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 id="mobile-title" className={styles.popupTitle}>
        {current ? t('userinfo.changeMobile') : t('userinfo.setMobile')}
      </h2>
      <p className={styles.popupHint}>{t('userinfo.mobileHint')}</p>
      <label className="ph-visually-hidden" htmlFor="mobile">
        {t('userinfo.mobile')}
      </label>
      <div className={styles.codeRow}>
        <Input
          id="mobile"
          className={styles.popupInput}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('userinfo.mobile')}
          value={mobile}
          onChange={(v) => {
            setMobile(v);
            setErrors((e) => ({ ...e, mobile: undefined }));
          }}
          maxLength={16}
          clearable
          autoFocus
          aria-invalid={errors.mobile ? true : undefined}
        />
        <Button size="small" color="primary" fill="outline" disabled={wait.left > 0} onClick={() => void send()}>
          {wait.left > 0 ? t('userinfo.resend', { seconds: wait.left }) : t('userinfo.sendCode')}
        </Button>
      </div>
      <div className={styles.error} role={errors.mobile ? 'alert' : undefined}>
        {message(errors.mobile)}
      </div>
      <label className="ph-visually-hidden" htmlFor="mobile-code">
        {t('userinfo.code')}
      </label>
      <Input
        id="mobile-code"
        className={styles.popupInput}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('userinfo.code')}
        value={code}
        onChange={(v) => {
          setCode(v);
          setErrors((e) => ({ ...e, code: undefined }));
        }}
        maxLength={6}
        disabled={sentTo === null}
        aria-invalid={errors.code ? true : undefined}
      />
      <div className={styles.error} role={errors.code ? 'alert' : undefined}>
        {message(errors.code)}
      </div>
      <div className={styles.cropActions}>
        <Button block shape="rounded" onClick={onClose}>
          {t('userinfo.cancel')}
        </Button>
        <Button block shape="rounded" color="primary" type="submit" loading={saving} disabled={sentTo === null}>
          {t('userinfo.save')}
        </Button>
      </div>
    </form>
  );
}
