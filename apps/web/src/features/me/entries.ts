import type { ComponentType } from 'react';
import {
  BankcardOutline,
  BillOutline,
  ContentOutline,
  EditSOutline,
  ExclamationCircleOutline,
  GiftOutline,
  HeartOutline,
  QuestionCircleOutline,
  SetOutline,
  StarOutline,
  TeamOutline,
  UnorderedListOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import type { Role } from '@petheart/contracts';

/** One entry on the Me tab: its label key (namespace `me`, under `mine.`), icon and route. */
export interface MeEntry {
  key:
    | 'follows'
    | 'fans'
    | 'support'
    | 'history'
    | 'certificate'
    | 'impact'
    | 'myPosts'
    | 'manage'
    | 'cashOut'
    | 'cashOutLog'
    | 'report'
    | 'qa'
    | 'settings';
  icon: ComponentType;
  path: string;
}

export const SERVICE_ENTRIES: readonly MeEntry[] = [
  // The rooms the user follows, their fan groups, their support history (issue 29 §5: features/mine-lists).
  { key: 'follows', icon: StarOutline, path: '/pages/mine/follows' },
  { key: 'fans', icon: TeamOutline, path: '/pages/mine/fans' },
  { key: 'support', icon: GiftOutline, path: '/pages/mine/support' },
  { key: 'history', icon: BillOutline, path: '/pages/history/history' },
  { key: 'certificate', icon: ContentOutline, path: '/pages/certificate/certificate' },
  { key: 'impact', icon: HeartOutline, path: '/pages/mine/impact' },
  { key: 'myPosts', icon: EditSOutline, path: '/pages/myPublish/myPublish' },
  { key: 'report', icon: ExclamationCircleOutline, path: '/pages/report/report' },
];

/** Base operators (userinfo.roles has 'operator': they run a base) also manage devices and cash out. */
export const OPERATOR_ENTRIES: readonly MeEntry[] = [
  { key: 'manage', icon: VideoOutline, path: '/pages/manage/manage' },
  { key: 'cashOut', icon: BankcardOutline, path: '/pages/cashOut/cashOut' },
  { key: 'cashOutLog', icon: UnorderedListOutline, path: '/pages/cashOut/log' },
];

export const MORE_ENTRIES: readonly MeEntry[] = [
  { key: 'qa', icon: QuestionCircleOutline, path: '/pages/public/Q&A' },
  { key: 'settings', icon: SetOutline, path: '/pages/public/set' },
];

export const RECHARGE_PATH = '/pages/money/money';
export const USERINFO_PATH = '/pages/mine/userinfo';
export const CROPPER_PATH = '/uni_modules/u-avatar-cropper/u-avatar-cropper';

export function isOperator(roles: readonly Role[] | undefined): boolean {
  return Boolean(roles?.includes('operator'));
}
