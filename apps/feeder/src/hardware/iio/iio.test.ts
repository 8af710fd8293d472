import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { FakeIioTree, ObservedClock } from './fake-iio';
import { IioChannel, findIioDevice } from './iio';

const RAW = 'in_voltage0_raw';
let tree: FakeIioTree;

beforeEach(async () => {
  tree = await FakeIioTree.create();
});
afterEach(async () => {
  await tree.remove();
});

describe('findIioDevice', () => {
  it('finds a device by folder, label or name, and says what it found when it cannot', async () => {
    await tree.addDevice('iio:device0', 'ads1015', {});
    await tree.addDevice('iio:device1', 'hx711', { [RAW]: 0 }, 'tray');
    await tree.addDevice('iio:device2', 'hx711', { [RAW]: 0 }, 'hopper');
    const find = (device: string) => findIioDevice(tree.root, device, tree.readText);

    expect(await find('iio:device0')).toBe(path.join(tree.root, 'iio:device0'));
    expect(await find('hopper')).toBe(path.join(tree.root, 'iio:device2'));
    expect(await find('ads1015')).toBe(path.join(tree.root, 'iio:device0'));
    await expect(find('hx711')).rejects.toThrow(
      '2 IIO devices are named "hx711" (iio:device1, iio:device2): give the folder name or a label',
    );
    await expect(find('hx710')).rejects.toThrow(
      `no IIO device named "hx710" under ${tree.root} (found: iio:device0 "ads1015", iio:device1 "hx711", iio:device2 "hx711")`,
    );
    await expect(findIioDevice(path.join(tree.root, 'missing'), 'hx711')).rejects.toThrow('is the IIO driver loaded?');
  });
});

describe('IioChannel', () => {
  const channel = (clock = new ObservedClock(systemClock), device = 'hx711') =>
    new IioChannel({ root: tree.root, device, channel: RAW, clock, retryDelayMs: 1, readText: tree.readText });

  it('reads the raw value of a device found by name', async () => {
    await tree.addDevice('iio:device0', 'ads1015', { [RAW]: 5 });
    await tree.addDevice('iio:device3', 'hx711', { [RAW]: -8_388_000 });
    expect(await channel().read()).toBe(-8_388_000);
  });

  it('retries a read the driver failed because the chip was not ready', async () => {
    await tree.addDevice('iio:device0', 'hx711', { [RAW]: 0 });
    tree.queue('iio:device0', RAW, { fail: 'EIO' }, { fail: 'ETIMEDOUT' }, 123_456);
    const clock = new ObservedClock(systemClock);
    expect(await channel(clock).read()).toBe(123_456);
    expect(tree.reads('iio:device0', RAW)).toBe(3);
    expect(clock.delays).toEqual([1, 1]);
  });

  it('gives up with a clear error after repeated failures', async () => {
    await tree.addDevice('iio:device0', 'hx711', { [RAW]: 0 });
    tree.queue('iio:device0', RAW, ...Array.from({ length: 6 }, () => ({ fail: 'EIO' })));
    await expect(channel().read()).rejects.toThrow(
      `load cell not ready: 5 reads of ${path.join(tree.root, 'iio:device0', RAW)} failed (EIO); check the HX711's wiring and power`,
    );
    expect(tree.reads('iio:device0', RAW)).toBe(5);
  });

  it('does not retry an error that will not pass, and finds a re-enumerated device again', async () => {
    await tree.addDevice('iio:device0', 'hx711', { [RAW]: 7 });
    const reader = channel();
    expect(await reader.read()).toBe(7);
    await rm(path.join(tree.root, 'iio:device0'), { recursive: true });
    await tree.addDevice('iio:device1', 'hx711', { [RAW]: 9 });
    await expect(reader.read()).rejects.toThrow(`cannot read ${path.join(tree.root, 'iio:device0', RAW)}: ENOENT`);
    expect(tree.reads('iio:device0', RAW)).toBe(2);
    expect(await reader.read()).toBe(9);
  });

  it('rejects a file that does not hold a reading', async () => {
    await tree.addDevice('iio:device0', 'hx711', { [RAW]: 0 });
    tree.queue('iio:device0', RAW, Number.NaN);
    await expect(channel().read()).rejects.toThrow('unexpected reading "NaN"');
    expect(tree.reads('iio:device0', RAW)).toBe(1);
  });
});
