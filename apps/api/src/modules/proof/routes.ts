import type { FastifyPluginAsync } from 'fastify';
import { feedEndpoints as e } from '@petheart/contracts';
import { currentUser } from '../../http/auth';
import { route } from '../../http/endpoint-route';
import type { ProofService } from './service';

/** A feed's public proof (anyone), and its clip for the owner's community post (issue 28 §1). */
export const proofRoutes: FastifyPluginAsync<{ proofs: ProofService }> = async (app, { proofs }) => {
  route(app, e.proof, (request) => proofs.publicProof(request.body.id));
  route(app, e.proofClip, (request) => proofs.clipForPost(currentUser(request).id, request.body.id));
};
