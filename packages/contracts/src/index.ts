export * from './locales';
export * from './messages';
export * from './errors';
export * from './envelope';
export * from './fields';
export * from './account';
export * from './configuration';
export * from './upload';
export * from './admin';
export * from './device';
export * from './base';
export * from './text-lang';
export * from './console-devices';
export * from './base-location';
export * from './live';
export * from './video-stamp';
export * from './media-hooks';
export * from './payment';
export * from './feed';
export * from './feed-stats';
export * from './console-money';
export * from './community';
export * from './content';
export * from './cashout-rules';
export * from './operator';
export * from './support';
export * from './support-console';
export * from './maps';
export * from './security';
export { endpointUrl } from './endpoint';
export type {
  Endpoint,
  EndpointAuth,
  EndpointData,
  EndpointInput,
  EndpointMethod,
  EndpointParsed,
  JsonEndpoint,
  RawEndpoint,
} from './endpoint';
export * from './endpoints';
export * from './station';
export * from './station-health';
export * from './statement';
export * from './transparency';
export * from './notification';
export * from './share';
export * from './route-hints';
export * from './given-answers';
