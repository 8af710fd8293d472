import { Dialog, Toast } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/**
 * An action on a console row that asks first (delete, disable / enable, rotate a secret): `confirm(v)` shows the
 * question (`question`, its text also the dialog's name) with Cancel / Confirm; once confirmed it runs `run(v)`,
 * toasts `done` on success (a text, or one chosen by the variables; none when it answers undefined) and, success
 * or not, invalidates the lists under `refresh`.
 */
export function useConfirmedMutation<V>({
  question,
  run,
  done,
  refresh,
}: {
  question: string | ((v: V) => string);
  run: (v: V) => Promise<unknown>;
  done: string | ((v: V) => string | undefined);
  refresh: readonly unknown[];
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: (_result, v) => {
      const text = typeof done === 'string' ? done : done(v);
      if (text) Toast.show({ content: text, icon: 'success' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
  const confirm = async (v: V) => {
    const text = typeof question === 'string' ? question : question(v);
    const ok = await Dialog.confirm({
      'aria-label': text,
      content: text,
      cancelText: t('shared.cancel'),
      confirmText: t('shared.confirm'),
    });
    if (ok) mutation.mutate(v);
  };
  return { confirm, mutation };
}
