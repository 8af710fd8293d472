import { describe, expect, it } from 'vitest';
import { CHECKPOINT_DEFAULTS, checkpointDue } from './embedded-checkpoint';

describe('checkpointDue (the checkpointer’s rules)', () => {
  it('checkpoints once the log since the last checkpoint passes 1 GB / 1.9, whenever that was', () => {
    const limit = CHECKPOINT_DEFAULTS.walBytes;
    expect(limit / 1024 ** 2).toBeCloseTo(1024 / 1.9, 0);
    expect(checkpointDue({ walBytes: limit, secondsSinceCheckpoint: 10 })).toBe(false);
    expect(checkpointDue({ walBytes: limit + 1, secondsSinceCheckpoint: 10 })).toBe(true);
  });

  it('checkpoints 5 minutes after the last one, if more than its own record was written since', () => {
    expect(checkpointDue({ walBytes: 50_000, secondsSinceCheckpoint: 299 })).toBe(false);
    expect(checkpointDue({ walBytes: 50_000, secondsSinceCheckpoint: 300 })).toBe(true);
    // A quiet database: the checkpoint's own record is all there is.
    expect(checkpointDue({ walBytes: 208, secondsSinceCheckpoint: 3_600 })).toBe(false);
  });

  it('takes other limits', () => {
    const eager = { timeoutSeconds: 0, walBytes: 1_000 };
    expect(checkpointDue({ walBytes: 1_001, secondsSinceCheckpoint: 0 }, eager)).toBe(true);
    expect(checkpointDue({ walBytes: 1_000, secondsSinceCheckpoint: 0 }, eager)).toBe(false);
  });
});
