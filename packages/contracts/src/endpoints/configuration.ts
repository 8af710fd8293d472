import { AppConfigSchema } from '../configuration';
import { post } from '../endpoint';

/** /api/configuration/getConfiguration: the app's configuration, asked at every app start. */
export const configurationEndpoints = {
  getConfiguration: post('/api/configuration/getConfiguration', {
    auth: 'none',
    tag: 'configuration',
    data: AppConfigSchema,
  }),
};
