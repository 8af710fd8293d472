import { cashoutStatusMessage, type CashoutStatus } from '@petheart/contracts';

/** How a status looks in the log: waiting (blue), needs the operator (orange), done (green), ended badly (red/grey). */
export type StatusTone = 'waiting' | 'action' | 'done' | 'failed' | 'ended';

const TONES: Record<string, StatusTone> = {
  applying: 'waiting',
  '0': 'waiting',
  '1': 'waiting',
  '2': 'action',
  '3': 'ended',
  '4': 'failed',
  '5': 'done',
  '6': 'failed',
};

export function statusTone(status: CashoutStatus): StatusTone {
  return TONES[String(status)] ?? 'waiting';
}

/**
 * The spec's name of a status (contracts MESSAGES `cashout.status.*`): Pending (applying), Under Review (0),
 * Processing (1), Ready to Claim (2), Expired (3), Transfer Failed (4), Successful (5); Rejected (6).
 */
export const statusMessageKey = (status: CashoutStatus) => cashoutStatusMessage(status);
