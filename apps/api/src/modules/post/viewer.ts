import type { FastifyRequest } from 'fastify';

/** Who is asking: a signed-in user (admin or not), or a tourist (null). */
export type Viewer = { id: number; admin: boolean } | null;

/** The signed-in user (or null for a tourist) of an 'optional' route. */
export function viewerOf(request: FastifyRequest): Viewer {
  return request.user ? { id: request.user.id, admin: request.user.roles.includes('admin') } : null;
}
