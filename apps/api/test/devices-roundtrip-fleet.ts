// The round trip's devices in a process of their own (ROUNDTRIP_DEVICES_PROCESS=1): the same TestDevice
// clients, acking at once, without sharing the API's event loop. Started by devices-roundtrip.test.ts with
// node --import tsx; the parent sends { url, secret, ids } and gets 'ready' once every device has subscribed.
import { TestDevice } from './devices-support';

interface FleetInput {
  url: string;
  secret: string;
  ids: string[];
}

process.once('message', (input: FleetInput) => {
  void (async () => {
    const fleet: TestDevice[] = [];
    for (let i = 0; i < input.ids.length; i += 10)
      fleet.push(
        ...(await Promise.all(input.ids.slice(i, i + 10).map((id) => TestDevice.connect(input.url, id, input.secret)))),
      );
    process.send?.('ready');
    process.once('SIGTERM', () => {
      void Promise.all(fleet.map((d) => d.end())).finally(() => process.exit(0));
    });
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
