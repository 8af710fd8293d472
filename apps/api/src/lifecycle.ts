import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A part of the app that runs while the app does (a timer, a server, a connection), contributed by its module.
 * The app runs every step in one order: `attach` when the app is registered, `start` when it is ready; when it
 * closes, `preClose` (before the HTTP server waits for open requests) and then `stop`, both in reverse order.
 */
export interface LifecycleStep {
  /** Its place in the app's order (LIFECYCLE_ORDER in app.ts). */
  name: string;
  /** When the app is registered, with its HTTP server. */
  attach?: (server: Server) => void;
  start?: () => unknown;
  preClose?: () => unknown;
  stop?: () => unknown;
}

/** The steps in `order` (by name). A step the order does not name, a name twice, or a name without a step throws. */
export function inOrder(steps: readonly LifecycleStep[], order: readonly string[]): LifecycleStep[] {
  const byName = new Map<string, LifecycleStep>();
  for (const step of steps) {
    if (byName.has(step.name)) throw new Error(`two lifecycle steps named "${step.name}"`);
    if (!order.includes(step.name)) throw new Error(`lifecycle step "${step.name}" has no place in the order`);
    byName.set(step.name, step);
  }
  return order.map((name) => {
    const step = byName.get(name);
    if (!step) throw new Error(`no lifecycle step "${name}"`);
    return step;
  });
}

/** Runs each step's `phase` in turn; one that fails does not keep the others from running (the first error is thrown). */
async function runPhase(steps: readonly LifecycleStep[], phase: 'start' | 'preClose' | 'stop'): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step[phase]?.();
    } catch (error) {
      if (phase === 'start') throw error;
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}

/**
 * Attaches the steps now, starts them in order on onReady, and on close runs their preClose, then their stop, in
 * reverse order: once each, however often the app is closed.
 */
export function runLifecycle(app: FastifyInstance, steps: readonly LifecycleStep[]): void {
  for (const step of steps) step.attach?.(app.server);
  const reversed = [...steps].reverse();
  const ran = new Set<string>();
  const once = (phase: 'start' | 'preClose' | 'stop', list: readonly LifecycleStep[]) => {
    if (ran.has(phase)) return Promise.resolve();
    ran.add(phase);
    return runPhase(list, phase);
  };
  app.addHook('onReady', () => once('start', steps));
  app.addHook('preClose', () => once('preClose', reversed));
  app.addHook('onClose', () => once('stop', reversed));
}
