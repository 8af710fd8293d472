import { routes, type ApiModule } from '../../api-module';
import type { ProofJobs } from './jobs';
import { proofRoutes } from './routes';
import type { ProofService } from './service';

/**
 * Proof of every meal (issue 28 §1): a clip on every receipt, cut by the clipper after each feed whose food fell
 * (feeds on one device in the same seconds share one), the public proof of a feed, and the clips' retention.
 */
export function proofModule(s: { proofs: ProofService; proofJobs: ProofJobs }): ApiModule {
  return {
    name: 'proof',
    routes: [routes(proofRoutes, { proofs: s.proofs })],
    lifecycle: [{ name: 'proof clips', start: () => s.proofJobs.start(), stop: () => s.proofJobs.stop() }],
  };
}
