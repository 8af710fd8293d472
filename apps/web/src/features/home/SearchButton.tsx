import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../shared/ui/icons';
import { useNavigator } from '../../shared/navigation';

/** The header's search icon (home and index pages): opens the search page. */
export function SearchButton() {
  const { t } = useTranslation('home');
  const { navigateTo } = useNavigator();
  return (
    <button
      type="button"
      className="ph-icon-button"
      aria-label={t('search')}
      onClick={() => {
        navigateTo('/pages/index/search');
      }}
    >
      <SearchIcon />
    </button>
  );
}
