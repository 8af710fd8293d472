import { benchApiReads } from './api-reads';
import { webInitialRouteSize } from './web-size';

// Runs every benchmark and prints its figures. Not a test: nothing here fails on a slow machine.
// Usage: npm run bench [-- --seconds 10 --connections 10]
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

console.log('API reads (autocannon, loopback):');
console.table(await benchApiReads({ seconds: arg('seconds', 10), connections: arg('connections', 10) }));
console.log('Web app, initial route JavaScript (build first: npm run build):');
console.log(webInitialRouteSize());
