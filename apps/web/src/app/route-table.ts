import { EVENTS_PATH, HOME_ALIAS_PATH, HOME_PATH, INDEX_PATH, MINE_PATH } from '../shared/navigation/paths.ts';

/*
 * The route table as data: the app's router reads it (routes.ts), and so does the build (vite.config.ts), which
 * writes each route's files for the server to name in the page it sends (route-hints, decision 040). It imports
 * nothing but the paths, so the build can load it.
 */

/** What a route tells the shell (react-router `handle`). */
export interface RouteHandle {
  requiresLogin?: boolean;
  tab?: boolean;
}

export interface RouteDef extends RouteHandle {
  path: string;
  /** The page module under src/features (without .tsx); its folder names its namespace. */
  page: string;
}

/** Spec §2: every route at its exact path (history mode, base /). */
export const ROUTES: readonly RouteDef[] = [
  { path: HOME_PATH, page: 'home/HomePage', tab: true },
  { path: HOME_ALIAS_PATH, page: 'home/HomePage', tab: true },
  { path: EVENTS_PATH, page: 'events/EventsPage', tab: true },
  { path: MINE_PATH, page: 'me/MinePage', tab: true },
  { path: INDEX_PATH, page: 'home/IndexPage' },
  { path: '/pages/index/search', page: 'search/SearchPage' },
  { path: '/pages/index/petCorner', page: 'pets/PetCornerPage' },
  { path: '/pages/public/login', page: 'account/LoginPage' },
  { path: '/pages/public/register', page: 'account/RegisterPage' },
  { path: '/pages/public/forgetPassword', page: 'account/ForgetPasswordPage' },
  { path: '/pages/public/set', page: 'me/SettingsPage' },
  { path: '/pages/public/video', page: 'content/VideoPage' },
  { path: '/pages/public/article', page: 'content/ArticlePage' },
  // A base's public account (?base_id=…) or the platform's (issue 28 §3): anyone may open it.
  { path: '/pages/public/account', page: 'transparency/AccountPage' },
  { path: '/pages/public/custom', page: 'content/CustomPage' },
  { path: '/pages/public/web', page: 'content/WebPage' },
  { path: '/pages/public/onePage', page: 'content/OnePage' },
  { path: '/pages/public/orderConfirm', page: 'events/OrderConfirmPage', requiresLogin: true },
  { path: '/pages/public/Q&A', page: 'content/QAPage' },
  // A feed's proof, shared from its receipt (issue 28 §1): anyone may open it.
  { path: '/pages/public/proof', page: 'history/ProofPage' },
  // A certificate its owner shared (issue 29 §4): anyone may open it.
  { path: '/pages/public/certificate', page: 'certificate/PublicCertificatePage' },
  { path: '/pages/community/community', page: 'community/CommunityPage' },
  { path: '/pages/community/detail', page: 'community/PostDetailPage' },
  { path: '/pages/beneficence/apply', page: 'events/ApplyPage', requiresLogin: true },
  { path: '/pages/beneficence/detail', page: 'events/EventDetailPage' },
  { path: '/pages/mine/userinfo', page: 'me/UserInfoPage', requiresLogin: true },
  { path: '/pages/mine/impact', page: 'impact/ImpactPage', requiresLogin: true },
  // Me's lists (issue 29 §5): followed rooms, fan groups, support history.
  { path: '/pages/mine/follows', page: 'mine-lists/MyFollowsPage', requiresLogin: true },
  { path: '/pages/mine/fans', page: 'mine-lists/MyFansPage', requiresLogin: true },
  { path: '/pages/mine/support', page: 'mine-lists/MySupportPage', requiresLogin: true },
  // The notification centre's inbox (issue 29 §1).
  { path: '/pages/mine/notifications', page: 'notifications/NotificationsPage', requiresLogin: true },
  { path: '/pages/certificate/certificate', page: 'certificate/CertificatePage', requiresLogin: true },
  { path: '/pages/money/money', page: 'money/MoneyPage', requiresLogin: true },
  { path: '/pages/live/live', page: 'live/LivePage' },
  { path: '/pages/report/report', page: 'report/ReportPage', requiresLogin: true },
  { path: '/pages/baseDetail/baseDetail', page: 'yard/BaseDetailPage' },
  { path: '/pages/publish/publish', page: 'community/PublishPage', requiresLogin: true },
  { path: '/pages/myPublish/myPublish', page: 'community/MyPublishPage', requiresLogin: true },
  { path: '/pages/history/history', page: 'history/HistoryPage', requiresLogin: true },
  { path: '/pages/manage/manage', page: 'manage/ManagePage', requiresLogin: true },
  { path: '/pages/cashOut/cashOut', page: 'cashout/CashOutPage', requiresLogin: true },
  { path: '/pages/cashOut/log', page: 'cashout/CashOutLogPage', requiresLogin: true },
  { path: '/uni_modules/u-avatar-cropper/u-avatar-cropper', page: 'me/AvatarCropperPage', requiresLogin: true },
];

/**
 * The operator console: its own layout (with its own `main` landmark) and sub-routes under /admin. Its module is
 * src/console/AdminApp.tsx, not a feature's page; its id starts with its namespace (`admin`) like a page's does.
 */
export const ADMIN_PAGE = 'admin/AdminApp';
export const ADMIN_PATH = '/admin';

/** A page's module, relative to src/: a feature's page, or the console's shell. */
export function pageFile(page: string): string {
  return page === ADMIN_PAGE ? 'console/AdminApp.tsx' : `features/${page}.tsx`;
}

export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`);
}
