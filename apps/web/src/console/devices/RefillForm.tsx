import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DeviceRefillBodySchema, type DeviceHealth, type DeviceRefill } from '@petheart/contracts';
import { useMessage } from '../../shared/i18n';
import { useDeviceCareApi } from './api';
import { CareCard } from './CareCard';
import { careKeys } from './keys';

/** The refill's grams from the field, checked by the contract: the number, or the message key of its problem. */
export function refillGrams(text: string): { ok: true; grams: number } | { ok: false; message: string } {
  const s = text.trim();
  // Whole digits only: anything else is NaN, which the contract refuses with its message.
  const parsed = DeviceRefillBodySchema.shape.grams.safeParse(/^\d{1,9}$/.test(s) ? Number(s) : Number.NaN);
  if (parsed.success) return { ok: true, grams: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'v.invalid' };
}

/** The health with `refill` first among its refills (once, whatever a refresh brought meanwhile). */
function withRefill(health: DeviceHealth | undefined, refill: DeviceRefill): DeviceHealth | undefined {
  return health && { ...health, refills: [refill, ...health.refills.filter((r) => r.id !== refill.id)] };
}

/**
 * Records a refill (the food put in the hopper): the station's estimated hopper adds it. The new refill shows at
 * once among the last refills; its status then follows the station's answer as the health refreshes.
 */
export function RefillForm({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('admin');
  const message = useMessage();
  const api = useDeviceCareApi();
  const queryClient = useQueryClient();
  const [grams, setGrams] = useState('');
  const [error, setError] = useState<string>();

  const send = useMutation({
    mutationFn: (g: number) => api.refill(deviceId, g),
    onSuccess: (refill) => {
      queryClient.setQueryData<DeviceHealth>(careKeys.health(deviceId), (h) => withRefill(h, refill));
      setGrams('');
      Toast.show({ content: message('ok.refillRecorded'), icon: 'success' });
    },
    // The health (hopper, refills) and the care log (the refill command) change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: careKeys.device(deviceId) }),
  });

  return (
    <CareCard
      id="care-refill"
      busy={send.isPending}
      title={t('health.refillTitle')}
      button={t('health.refillButton')}
      field={{ label: t('health.refillGrams'), value: grams, error, onChange: setGrams }}
      onSend={() => {
        const checked = refillGrams(grams);
        setError(checked.ok ? undefined : checked.message);
        if (checked.ok) send.mutate(checked.grams);
      }}
    >
      {t('health.refillHint')}
    </CareCard>
  );
}
