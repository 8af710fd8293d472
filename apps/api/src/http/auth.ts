import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@petheart/contracts';
import { AppError } from './errors';

export interface AuthUser {
  id: number;
  roles: Role[];
  tokenHash: string;
}

/** Resolves a token to its user; null when the token is unknown, expired, revoked or its user disabled. */
export interface Authenticator {
  authenticate(token: string): Promise<AuthUser | null>;
}

export type AuthRequirement = 'none' | 'optional' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: a tourist ('none'), anyone ('optional', user read when a token comes), a user, an admin. */
    auth?: AuthRequirement;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The logged-in user of a route declared with auth 'user' or 'admin'. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('login_required');
  return request.user;
}

function tokenOf(request: FastifyRequest): string {
  const header = request.headers.token;
  return (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
}

/**
 * Reads the `token` header and enforces each route's `config.auth`. It runs at onRequest, before the
 * body is read or validated: a tourist gets 401 (not a validation error), and nobody uploads first.
 */
export const authPlugin = fp<{ authenticator: Authenticator }>(
  (app, { authenticator }) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const need = request.routeOptions.config.auth ?? 'none';
      if (need === 'none') return;
      const token = tokenOf(request);
      if (!token) {
        if (need === 'optional') return;
        throw new AppError('login_required');
      }
      const user = await authenticator.authenticate(token);
      if (!user) {
        if (need === 'optional') return;
        throw new AppError('login_expired');
      }
      request.user = user;
      if (need === 'admin' && !user.roles.includes('admin')) throw new AppError('forbidden');
    });
  },
  { name: 'auth', dependencies: ['locale'] },
);
