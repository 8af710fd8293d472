import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackIcon } from './icons';
import { useNavigator } from '../navigation';

export interface PageHeaderProps {
  title: string;
  /** Shows the back arrow (default true). */
  back?: boolean;
  right?: ReactNode;
}

/** The custom navigation bar: back arrow, the title as the page's h1, an optional right slot. */
export function PageHeader({ title, back = true, right }: PageHeaderProps) {
  const { t } = useTranslation('common');
  const { back: goBack } = useNavigator();
  const productName = t('productName');
  useEffect(() => {
    document.title = title ? `${title} - ${productName}` : productName;
    return () => {
      document.title = productName;
    };
  }, [title, productName]);
  return (
    <header className="ph-header">
      <div className="ph-header-side">
        {back && (
          <button
            type="button"
            className="ph-header-back"
            aria-label={t('back')}
            onClick={() => {
              goBack();
            }}
          >
            <BackIcon />
          </button>
        )}
      </div>
      <h1 className="ph-header-title">{title}</h1>
      <div className="ph-header-side ph-header-right">{right}</div>
    </header>
  );
}
