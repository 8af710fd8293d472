import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar, Button, Input, List, Popup, Toast } from 'antd-mobile';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NicknameSchema, userEndpoints } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { DEFAULT_AVATAR, imageUrl } from '../../shared/format';
import { useMessage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { PageHeader } from '../../shared/ui';
import { CROPPER_PATH } from './entries';
import { MobileEditor } from './MobileEditor';
import styles from './me.module.css';

const NicknameFormSchema = z.object({ nickname: NicknameSchema });
type NicknameForm = z.input<typeof NicknameFormSchema>;

function NicknameEditor({ initial, onClose }: { initial: string; onClose: () => void }) {
  const { t } = useTranslation('me');
  const { t: tm } = useTranslation('messages');
  const message = useMessage();
  const api = useApi();
  const session = useSession();
  const { control, handleSubmit, formState } = useForm<NicknameForm>({
    resolver: zodResolver(NicknameFormSchema),
    defaultValues: { nickname: initial },
  });
  return (
    <form
      className={styles.popup}
      noValidate
      onSubmit={(e) =>
        void handleSubmit(async ({ nickname }) => {
          try {
            const data = await api.call(userEndpoints.profile, { nickname: nickname.trim() }, { task: 'profile' });
            session.setUser(data.userinfo);
          } catch {
            return;
          }
          Toast.show({ content: tm('ok.saved'), icon: 'success' });
          onClose();
        })(e)
      }
    >
      <h2 className={styles.popupTitle}>{t('userinfo.editNickname')}</h2>
      <Controller
        control={control}
        name="nickname"
        render={({ field, fieldState }) => (
          <>
            <label className="ph-visually-hidden" htmlFor="nickname">
              {t('userinfo.nickname')}
            </label>
            <Input
              ref={field.ref}
              id="nickname"
              className={styles.popupInput}
              placeholder={t('userinfo.nickname')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              maxLength={30}
              clearable
              autoFocus
            />
            <div className={styles.error} role={fieldState.error ? 'alert' : undefined}>
              {message(fieldState.error?.message)}
            </div>
          </>
        )}
      />
      <div className={styles.cropActions}>
        <Button block shape="rounded" onClick={onClose}>
          {t('userinfo.cancel')}
        </Button>
        <Button block shape="rounded" color="primary" type="submit" loading={formState.isSubmitting}>
          {t('userinfo.save')}
        </Button>
      </div>
    </form>
  );
}

export default function UserInfoPage() {
  const { t } = useTranslation('me');
  const navigate = useNavigate();
  const { user, config } = useSession();
  const fileInput = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState(false);
  const [editingMobile, setEditingMobile] = useState(false);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    // The cropper gets the picked image as an object URL; it uploads and saves the crop.
    void navigate(CROPPER_PATH, { state: { src: URL.createObjectURL(file) } });
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('userinfo.title')} />
      <input
        ref={fileInput}
        className={styles.hiddenInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-label={t('userinfo.changeAvatar')}
        data-testid="avatar-file"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <List className={styles.list}>
        <List.Item
          clickable
          onClick={() => fileInput.current?.click()}
          extra={
            <Avatar
              className={styles.listAvatar}
              src={imageUrl(user?.avatar, config?.asset_host ?? '', DEFAULT_AVATAR)}
              alt={t('userinfo.avatar')}
              data-testid="userinfo-avatar"
            />
          }
        >
          {t('userinfo.avatar')}
        </List.Item>
        <List.Item
          clickable
          onClick={() => {
            setEditing(true);
          }}
          extra={<span data-testid="userinfo-nickname">{user?.nickname ?? ''}</span>}
        >
          {t('userinfo.nickname')}
        </List.Item>
        <List.Item extra={user?.email || t('userinfo.notSet')}>{t('userinfo.email')}</List.Item>
        <List.Item
          clickable
          onClick={() => {
            setEditingMobile(true);
          }}
          extra={<span data-testid="userinfo-mobile">{user?.mobile || t('userinfo.notSet')}</span>}
        >
          {t('userinfo.mobile')}
        </List.Item>
      </List>
      <Popup
        visible={editing}
        onMaskClick={() => {
          setEditing(false);
        }}
        bodyStyle={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }}
        destroyOnClose
      >
        {editing ? (
          <NicknameEditor
            initial={user?.nickname ?? ''}
            onClose={() => {
              setEditing(false);
            }}
          />
        ) : null}
      </Popup>
      <Popup
        visible={editingMobile}
        onMaskClick={() => {
          setEditingMobile(false);
        }}
        bodyStyle={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }}
        destroyOnClose
      >
        {editingMobile ? (
          <MobileEditor
            current={user?.mobile ?? null}
            onClose={() => {
              setEditingMobile(false);
            }}
          />
        ) : null}
      </Popup>
    </div>
  );
}
