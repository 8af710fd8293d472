import type { FastifyPluginAsync } from 'fastify';
import type { StationDownloads } from './downloads';

const NOT_BUILT = 'The feeder agent is not built on this server: run `npm run build` (docs/stations.md).\n';

/** GET /station/install.sh and /station/petheart-feeder.mjs: what a feeding station installs (anyone). */
export const stationRoutes: FastifyPluginAsync<{ downloads: StationDownloads }> = async (app, { downloads }) => {
  app.get('/station/install.sh', { schema: { hide: true } }, async (_request, reply) => {
    const script = await downloads.installer();
    if (script === null) return reply.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return reply.header('Cache-Control', 'no-cache').type('text/x-shellscript; charset=utf-8').send(script);
  });
  app.get('/station/petheart-feeder.mjs', { schema: { hide: true } }, async (_request, reply) => {
    const bundle = await downloads.bundle();
    if (bundle === null) return reply.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('ETag', `"${bundle.sha256}"`)
      .type('text/javascript; charset=utf-8')
      .send(bundle.body);
  });
};
