import type { FastifyPluginAsync } from 'fastify';
import { statementEndpoints as e, type StatementDownloadQuery } from '@petheart/contracts';
import { rawRoute, route } from '../../http/endpoint-route';
import type { StatementService } from './service';

/** A frozen statement's bytes never change. */
const CACHE = 'public, max-age=86400, immutable';

/** /api/statement/list (a base's statements) and GET /api/statement/download (one statement as a file). */
export const statementRoutes: FastifyPluginAsync<{ statements: StatementService }> = async (app, { statements }) => {
  route(app, e.list, (request) => statements.list(request.body.base_id));
  rawRoute(app, e.download, async (request, reply) => {
    const q = request.query as unknown as StatementDownloadQuery;
    const file = await statements.file(q.base_id, q.month, q.format);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', CACHE)
      .send(file.body);
  });
};
