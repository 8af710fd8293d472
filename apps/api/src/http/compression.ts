import { constants } from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';

/**
 * Text the API answers is compressed for clients that accept it (brotli, else gzip), from 1 KiB up: a
 * smaller answer fits in one packet either way and would only pay the compressor's cost. Brotli at quality
 * 4, the plugin's default: near gzip's speed with smaller output (figures in bench/README.md). Only text
 * types: video (FLV), clips and images are compressed already, and `octet-stream` (the plugin's default
 * list has it) is never sent here as text. The built web app is precompressed at build time and served as
 * is (`web.ts`); this covers the API's JSON and the few small files the build left uncompressed.
 */
/** Answers from this size up are compressed. */
export const COMPRESS_FROM_BYTES = 1024;
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

export const compressionPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_FROM_BYTES,
      encodings: ['br', 'gzip'],
      customTypes: /^text\/(?!event-stream)|[+/](?:json|xml|javascript)(?:;|$)/u,
      brotliOptions: BROTLI_OPTIONS,
    });
  },
  { name: 'compression' },
);
