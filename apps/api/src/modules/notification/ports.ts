import type { NotificationKind } from '@petheart/contracts';

/** What a notification says, besides its kind: rendered into the reader's language when read. */
export type NotificationParams = Record<string, string | number>;

/** A notification as it was stored: one reader's row (issue 29 §1). */
export interface CreatedNotification {
  id: number;
  userId: number;
  kind: NotificationKind;
  params: NotificationParams;
  /** The app route it opens, or ''. */
  link: string;
  createdAt: Date;
}

/**
 * Told of the notifications a fan-out wrote, after its statement committed (rows a dedupe key kept out are not
 * in the batch): the open apps' sockets, web push. One call per statement: a fan-out to many readers is written
 * in chunks of up to 1,000 (10,000 followers of a room are ten batches), a small one is one batch. It must not
 * throw and must not hold the caller: start its own work and report its own failures. The composition root keeps
 * the list (container.ts), in the order they are told.
 */
export interface NotificationListener {
  created(batch: readonly CreatedNotification[]): void;
  /** The user read some (or all) of theirs: their unread count now. Same rules as `created`. */
  unreadChanged?(userId: number, unread: number): void;
}
