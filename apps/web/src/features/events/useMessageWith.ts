import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@petheart/contracts';
import { MESSAGES_NS } from '../../shared/i18n';

/** A contracts message with its `{name}` placeholders filled (e.g. support.perPoint's price). */
export function useMessageWith(): (key: MessageKey, params: Record<string, string | number>) => string {
  const { t } = useTranslation(MESSAGES_NS);
  return useCallback((key, params) => t(key, { ...params, nsSeparator: false }), [t]);
}
