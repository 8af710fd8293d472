import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LifecycleStep } from './lifecycle';

/** A route plugin with its options, ready to be registered. */
export interface RouteSet {
  register(app: FastifyInstance): Promise<unknown>;
}

/** Pairs a module's route plugin with its options (the services it calls). */
export function routes<O extends object>(
  plugin: FastifyPluginAsync<O> | FastifyPluginAsyncZod<O>,
  options: O,
): RouteSet {
  return {
    register: async (app) => {
      await app.register(plugin, options);
    },
  };
}

/**
 * What an API module contributes to the app, from its `index.ts`: its routes (public `routes.ts`, console
 * `console-routes.ts`), registered in this order, and the steps it runs while the app does.
 */
export interface ApiModule {
  /** Its folder under modules/. */
  name: string;
  routes: RouteSet[];
  lifecycle?: LifecycleStep[];
}

/** Registers every module's routes, module by module. */
export async function registerRoutes(app: FastifyInstance, modules: readonly ApiModule[]): Promise<void> {
  for (const module of modules) for (const set of module.routes) await set.register(app);
}
