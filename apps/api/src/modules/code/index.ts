import { routes, type ApiModule } from '../../api-module';
import { codeRoutes } from './routes';
import type { CodeService } from './service';

/** Verification codes by mail and text message. */
export function codeModule(s: { codes: CodeService }): ApiModule {
  return {
    name: 'code',
    routes: [routes(codeRoutes, { codes: s.codes })],
  };
}
