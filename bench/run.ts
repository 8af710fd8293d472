import { readFileSync } from 'node:fs';
import { benchApiReads } from './api-reads';
import { webInitialRouteSize } from './web-size';
import { arg } from './lib';

// Runs every benchmark and prints its figures. Not a test: nothing here fails on a slow machine.
// Usage: npm run bench [-- --seconds 10 --connections 10 --rounds 3]

console.log(`API reads (autocannon, loopback; load average ${readFileSync('/proc/loadavg', 'utf8').trim()}):`);
console.table(
  await benchApiReads({ seconds: arg('seconds', 10), connections: arg('connections', 10), rounds: arg('rounds', 3) }),
);
console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
console.log('Web app, initial route JavaScript (build first: npm run build):');
console.log(webInitialRouteSize());
