import type { FastifyPluginAsync } from 'fastify';
import { searchEndpoints as e } from '@petheart/contracts';
import { route } from '../../http/endpoint-route';
import { viewerOf } from '../post/viewer';
import type { SearchService } from './service';

/** POST /api/search/search: live rooms, bases and published posts by keyword (tourists too). */
export const searchRoutes: FastifyPluginAsync<{ search: SearchService }> = async (app, { search }) => {
  route(app, e.search, (request) => search.search(request.body, viewerOf(request), request.locale));
};
