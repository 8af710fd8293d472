import type { ApiModule } from '../../api-module';
import type { DeviceGateway } from './gateway';

/**
 * The device gateway (MQTT broker and client) runs while the app does. At its start it expires the commands a
 * stopped process left open; at its stop, the open commands of this one.
 */
export function gatewayModule(s: { gateway: DeviceGateway }): ApiModule {
  return {
    name: 'gateway',
    routes: [],
    lifecycle: [{ name: 'device gateway', start: () => s.gateway.start(), stop: () => s.gateway.stop() }],
  };
}
