import type { NotificationKind } from '@petheart/contracts';
import { LineIcon } from '../../../shared/ui/icons';

/** How a kind looks in the inbox: good news, something to look at, or plain information. */
export type Tone = 'good' | 'alert' | 'info';

export const KIND_TONE: Record<NotificationKind, Tone> = {
  post_approved: 'good',
  post_rejected: 'alert',
  cashout_status: 'info',
  support_reviewed: 'info',
  support_goal: 'good',
  feed_refunded: 'info',
  room_online: 'good',
  station_offline: 'alert',
  station_hopper_low: 'alert',
  station_jam: 'alert',
  review_queue: 'info',
};

/** The line icon of a kind (24×24 frame). */
export function KindIcon({ kind }: { kind: NotificationKind }) {
  switch (kind) {
    case 'post_approved':
    case 'post_rejected':
      return (
        <LineIcon>
          <path d="M4 5h16v11H9l-5 4z" />
          {kind === 'post_approved' ? <path d="m9 10.5 2 2 4-4" /> : <path d="m9.5 8.5 5 5m0-5-5 5" />}
        </LineIcon>
      );
    case 'cashout_status':
    case 'feed_refunded':
      return (
        <LineIcon>
          <circle cx="12" cy="12" r="8.5" />
          <path d="M9 9.5 12 13l3-3.5M12 13v4M9.5 14h5" />
        </LineIcon>
      );
    case 'support_reviewed':
    case 'support_goal':
      return (
        <LineIcon>
          <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z" />
        </LineIcon>
      );
    case 'room_online':
      return (
        <LineIcon>
          <rect x="3" y="6" width="13" height="12" rx="2" />
          <path d="m16 10.5 5-3v9l-5-3" />
        </LineIcon>
      );
    case 'review_queue':
      return (
        <LineIcon>
          <rect x="5" y="4" width="14" height="17" rx="2" />
          <path d="M9 9h6M9 13h6M9 17h3" />
        </LineIcon>
      );
    default:
      // The stations' alerts: offline, hopper low, jam.
      return (
        <LineIcon>
          <path d="M12 4 2.5 20h19z" />
          <path d="M12 10v4.5M12 17.5h.01" />
        </LineIcon>
      );
  }
}
