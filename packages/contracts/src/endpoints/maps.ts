import { post } from '../endpoint';
import {
  MapGeocoderBodySchema,
  MapGeocoderDataSchema,
  MapPlaceListDataSchema,
  MapSearchBodySchema,
  MapSuggestionBodySchema,
} from '../maps';

const tag = 'maps';

/**
 * /api/maps/search|suggestion|geocoder: our server's proxy to the maps service (the key and its secret stay on
 * the server). Open to tourists like the pages that pick places; providers have their own quotas.
 */
export const mapsEndpoints = {
  search: post('/api/maps/search', {
    auth: 'none',
    tag,
    summary: 'Places matching a keyword around a location (nearest first) or in a region',
    input: MapSearchBodySchema,
    data: MapPlaceListDataSchema,
  }),
  suggestion: post('/api/maps/suggestion', {
    auth: 'none',
    tag,
    summary: 'Completions of a keyword',
    input: MapSuggestionBodySchema,
    data: MapPlaceListDataSchema,
  }),
  geocoder: post('/api/maps/geocoder', {
    auth: 'none',
    tag,
    summary: 'The place of an address, or the address of a location',
    input: MapGeocoderBodySchema,
    data: MapGeocoderDataSchema,
  }),
};
