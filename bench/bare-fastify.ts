import Fastify from 'fastify';

// A bare Fastify server (one JSON route, nothing else) as its own process: the ceiling the API's reads are
// compared with in the same run (api-reads.ts). Prints its port once listening.
const app = Fastify({ logger: false });
app.get('/hello', () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(JSON.stringify({ port: address && typeof address === 'object' ? address.port : 0 }));
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
