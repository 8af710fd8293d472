import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeartIcon, HomeIcon, UserIcon } from '../shared/ui/icons';
import { EVENTS_PATH, HOME_ALIAS_PATH, HOME_PATH, MINE_PATH, isTabPath } from '../shared/navigation/paths';

const ITEMS = [
  { to: HOME_PATH, also: HOME_ALIAS_PATH, key: 'tabHome', Icon: HomeIcon },
  { to: EVENTS_PATH, also: EVENTS_PATH, key: 'tabEvent', Icon: HeartIcon },
  { to: MINE_PATH, also: MINE_PATH, key: 'tabMe', Icon: UserIcon },
] as const;

/** Spec §2: three items (home, event, me), 60px high, selected #54BDFF, 16px font; only on tab pages. */
export function TabBar() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  if (!isTabPath(pathname)) return null;
  return (
    <nav className="ph-tabbar" aria-label={t('productName')}>
      {ITEMS.map(({ to, also, key, Icon }) => {
        const active = pathname === to || pathname === also;
        return (
          <NavLink
            key={to}
            to={to}
            replace
            className={active ? 'ph-tab ph-tab-active' : 'ph-tab'}
            aria-current={active ? 'page' : undefined}
          >
            <Icon className="ph-tab-icon" />
            <span>{t(key)}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}
