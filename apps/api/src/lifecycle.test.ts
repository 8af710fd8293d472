import type { Server } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inOrder, runLifecycle, type LifecycleStep } from './lifecycle';

function logged(log: string[], name: string, extra: Partial<LifecycleStep> = {}): LifecycleStep {
  return {
    name,
    start: () => log.push(`start ${name}`),
    preClose: () => log.push(`preClose ${name}`),
    stop: async () => {
      await Promise.resolve();
      log.push(`stop ${name}`);
    },
    ...extra,
  };
}

describe('the app lifecycle', () => {
  it('attaches at once, starts in order when ready, and on close runs preClose then stop in reverse, once', async () => {
    const log: string[] = [];
    const servers: Server[] = [];
    const app = Fastify();
    const steps = [
      logged(log, 'a'),
      logged(log, 'b', { attach: (server) => servers.push(server), preClose: undefined }),
      logged(log, 'c', { start: undefined }),
    ];
    runLifecycle(app, steps);
    expect(servers).toEqual([app.server]);
    expect(log).toEqual([]);
    await app.ready();
    expect(log).toEqual(['start a', 'start b']);
    await app.close();
    await app.close();
    expect(log).toEqual(['start a', 'start b', 'preClose c', 'preClose a', 'stop c', 'stop b', 'stop a']);
  });

  it('stops every step when one fails to, and reports the failure', async () => {
    const log: string[] = [];
    const app = Fastify();
    const broken = logged(log, 'b', {
      stop: () => {
        throw new Error('b would not stop');
      },
    });
    runLifecycle(app, [logged(log, 'a'), broken, logged(log, 'c')]);
    await app.ready();
    await expect(app.close()).rejects.toThrow('b would not stop');
    expect(log.filter((l) => l.startsWith('stop'))).toEqual(['stop c', 'stop a']);
  });

  it('orders steps by name, and refuses a step out of the order, one twice, or a name without a step', () => {
    const step = (name: string): LifecycleStep => ({ name });
    expect(inOrder([step('b'), step('a')], ['a', 'b']).map((s) => s.name)).toEqual(['a', 'b']);
    expect(() => inOrder([step('a'), step('x')], ['a'])).toThrow('"x" has no place');
    expect(() => inOrder([step('a'), step('a')], ['a'])).toThrow('two lifecycle steps named "a"');
    expect(() => inOrder([step('a')], ['a', 'b'])).toThrow('no lifecycle step "b"');
  });
});
