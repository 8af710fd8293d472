import { routes, type ApiModule } from '../../api-module';
import type { DeviceCareService } from './care';
import type { DeviceCatalogService } from './catalog';
import { deviceConsoleRoutes } from './console-routes';
import { deviceRoutes } from './routes';
import type { DeviceAdminService } from './service';

/** Devices: the public lists; the console's devices. */
export function deviceModule(s: {
  deviceCatalog: DeviceCatalogService;
  devices: DeviceAdminService;
  deviceCare: DeviceCareService;
}): ApiModule {
  return {
    name: 'device',
    routes: [
      routes(deviceRoutes, { catalog: s.deviceCatalog }),
      routes(deviceConsoleRoutes, { devices: s.devices, care: s.deviceCare }),
    ],
  };
}
