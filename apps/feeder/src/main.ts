import { readOptions } from './options';

// The feeder agent: the program a feeding station runs (motor driver, scale, camera). This entry point reads
// and checks its options; the device protocol, simulated hardware and camera streaming arrive with the
// live-streams work (see docs/ARCHITECTURE.md).
const result = readOptions(process.argv.slice(2));
if (!result.ok) {
  console.error(
    `Usage: npm run feeder -- --device ID --secret S --broker mqtt://HOST:PORT [--rtmp rtmp://HOST/live]\n`,
  );
  for (const p of result.problems) console.error(`  - ${p}`);
  process.exit(2);
}
console.log(`feeder ${result.options.device}: options accepted; the device protocol is not implemented yet.`);
