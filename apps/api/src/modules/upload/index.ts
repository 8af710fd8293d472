import { routes, type ApiModule } from '../../api-module';
import { uploadRoutes } from './routes';
import type { UploadService } from './service';

/** Image uploads. */
export function uploadModule(s: { upload: UploadService }): ApiModule {
  return {
    name: 'upload',
    routes: [routes(uploadRoutes, { upload: s.upload })],
  };
}
