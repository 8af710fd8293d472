import { useCallback, useEffect, useState } from 'react';
import type { PublicFeedProof } from '@petheart/contracts';

/** While a feed's clip is being cut, the sheet asks again this often … */
export const PROOF_RETRY_MS = 3_000;
/** … this many times at most (about a minute), then offers to try again. */
export const PROOF_MAX_TRIES = 20;

/** What the proof sheet shows: asking, the feed's public proof, or that it could not be had. */
export type ProofView =
  { kind: 'loading' } | { kind: 'loaded'; proof: PublicFeedProof; exhausted: boolean } | { kind: 'error' };

/**
 * A feed's public proof (feedEndpoints.proof) for as long as the sheet shows it: asked once, then again every
 * `retryMs` while its clip is `pending`, up to `maxTries` asks; `retry` starts over. Mount it per feed (a key):
 * it starts at `loading`.
 */
export function useFeedProof(
  feedId: string,
  fetchProof: (id: string) => Promise<PublicFeedProof>,
  { retryMs = PROOF_RETRY_MS, maxTries = PROOF_MAX_TRIES }: { retryMs?: number; maxTries?: number } = {},
) {
  const [view, setView] = useState<ProofView>({ kind: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const ask = async () => {
      tries += 1;
      let proof: PublicFeedProof;
      try {
        proof = await fetchProof(feedId);
      } catch {
        if (!cancelled) setView({ kind: 'error' });
        return;
      }
      if (cancelled) return;
      const pending = proof.proof.state === 'pending';
      setView({ kind: 'loaded', proof, exhausted: pending && tries >= maxTries });
      if (pending && tries < maxTries) timer = setTimeout(() => void ask(), retryMs);
    };
    void ask();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [feedId, fetchProof, retryMs, maxTries, round]);

  const retry = useCallback(() => {
    setView({ kind: 'loading' });
    setRound((r) => r + 1);
  }, []);

  return { view, retry };
}
