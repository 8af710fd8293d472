import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MapGeocoderBodySchema,
  MapGeocoderDataSchema,
  MapPlaceListDataSchema,
  MapSearchBodySchema,
  MapSuggestionBodySchema,
  envelope,
} from '@petheart/contracts';
import { ok } from '../../http/envelope';
import type { MapsService } from './service';

/**
 * /api/maps/*: our server's proxy to the maps service (the key and its secret stay on the server). Open to
 * tourists like the pages that pick places; providers have their own quotas.
 */
export const mapsRoutes: FastifyPluginAsyncZod<{ maps: MapsService }> = async (app, { maps }) => {
  const tags = ['maps'];
  app.post(
    '/api/maps/search',
    {
      schema: {
        tags,
        summary: 'Places matching a keyword around a location (nearest first) or in a region',
        body: MapSearchBodySchema,
        response: { 200: envelope(MapPlaceListDataSchema) },
      },
    },
    async (request) => ok(await maps.search(request.body, request.ip)),
  );
  app.post(
    '/api/maps/suggestion',
    {
      schema: {
        tags,
        summary: 'Completions of a keyword',
        body: MapSuggestionBodySchema,
        response: { 200: envelope(MapPlaceListDataSchema) },
      },
    },
    async (request) => ok(await maps.suggestion(request.body, request.ip)),
  );
  app.post(
    '/api/maps/geocoder',
    {
      schema: {
        tags,
        summary: 'The place of an address, or the address of a location',
        body: MapGeocoderBodySchema,
        response: { 200: envelope(MapGeocoderDataSchema) },
      },
    },
    async (request) => ok(await maps.geocoder(request.body, request.ip)),
  );
};
