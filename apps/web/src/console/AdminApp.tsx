import type { ComponentType, ReactNode } from 'react';
import { Navigate, NavLink, Route, Routes, useNavigate } from 'react-router';
import { DotLoading } from 'antd-mobile';
import { HeartFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../shared/session';
import { ADMIN_BASE, ADMIN_SECTIONS, type AdminSection } from './sections';
import { AlertsView } from './devices/AlertsView';
import { BasesView } from './bases/BasesView';
import { CashoutsView } from './cashouts/CashoutsView';
import { ContentView } from './content/ContentView';
import { DevicePage } from './devices/DevicePage';
import { DevicesView } from './bases/DevicesView';
import { FreeFoodView } from './money/FreeFoodView';
import { LedgerView } from './money/LedgerView';
import { PaymentsView } from './money/PaymentsView';
import { PetsView } from './content/PetsView';
import { PostsView } from './moderation/PostsView';
import { ReportsView } from './moderation/ReportsView';
import { SettingsView } from './settings/SettingsView';
import { SignIn } from './SignIn';
import { SupportApplicationsView } from './support/SupportApplicationsView';
import { SupportEventsView } from './support/SupportEventsView';
import { UsersView } from './users/UsersView';
import styles from './shared/admin.module.css';

/** Each section's view: the type makes a section without one fail to compile. */
const VIEWS: Record<AdminSection['key'], ComponentType> = {
  users: UsersView,
  posts: PostsView,
  reports: ReportsView,
  content: ContentView,
  pets: PetsView,
  bases: BasesView,
  devices: DevicesView,
  alerts: AlertsView,
  payments: PaymentsView,
  ledger: LedgerView,
  freeFood: FreeFoodView,
  supportApplications: SupportApplicationsView,
  supportEvents: SupportEventsView,
  cashOuts: CashoutsView,
  settings: SettingsView,
};

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const session = useSession();
  const navigate = useNavigate();
  const { user } = session;
  // Signing out of the console comes back to the console's sign-in, not the app's login page.
  const signOut = async () => {
    await session.logout();
    void navigate(ADMIN_BASE, { replace: true });
  };
  return (
    <div className={styles.shell}>
      <aside className={styles.sidebar}>
        <div className={styles.brand}>
          <HeartFill aria-hidden="true" color="#54bdff" />
          {t('brand')}
        </div>
        <nav className={styles.nav} aria-label={t('brand')}>
          {ADMIN_SECTIONS.map((s) => (
            <NavLink
              key={s.key}
              to={`${ADMIN_BASE}/${s.path}`}
              className={({ isActive }) => `${styles.navItem ?? ''} ${isActive ? (styles.navActive ?? '') : ''}`}
            >
              <span aria-hidden="true">
                <s.icon />
              </span>
              {t(`nav.${s.key}`)}
            </NavLink>
          ))}
        </nav>
        <div className={styles.sideFooter}>
          <span className={styles.sideUser}>{user?.email ?? user?.nickname}</span>
          <a className={styles.sideLink} href="/">
            {t('nav.app')}
          </a>
          <button type="button" className={styles.sideLink} onClick={() => void signOut()}>
            {t('nav.logout')}
          </button>
        </div>
      </aside>
      <main className={styles.main}>{children}</main>
    </div>
  );
}

/** The operator console at /admin/*: sign-in for admins, then its own layout and sub-routes. */
export default function AdminApp() {
  const session = useSession();
  const { token, user } = session;
  if (token && !user) {
    return (
      <main className={styles.signIn}>
        <DotLoading color="white" />
      </main>
    );
  }
  if (!user?.roles.includes('admin'))
    return (
      <SignIn
        onAdmin={(d) => {
          session.login(d);
        }}
        refused={Boolean(user)}
      />
    );
  return (
    <Shell>
      <Routes>
        <Route index element={<Navigate to={`${ADMIN_BASE}/users`} replace />} />
        {ADMIN_SECTIONS.map(({ key, path }) => {
          const View = VIEWS[key];
          return <Route key={key} path={path} element={<View />} />;
        })}
        {/* A station's care page, under the Devices section (its nav link stays active). */}
        <Route path="devices/:deviceId" element={<DevicePage />} />
        <Route path="*" element={<Navigate to={`${ADMIN_BASE}/users`} replace />} />
      </Routes>
    </Shell>
  );
}
