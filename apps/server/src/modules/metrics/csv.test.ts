import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvStream } from './csv';

async function* batches(n: number) {
  for (let i = 0; i < n; i++) yield `${i},x\r\n`;
}

const growing = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([flag]) => flag).filter((flag) => String(flag).startsWith('--heap-growing-percent'));

describe('csvStream and the heap while an export streams', () => {
  afterEach(() => vi.restoreAllMocks());

  it('favours memory while any export streams and gives the default back after the last', async () => {
    const spy = vi.spyOn(v8, 'setFlagsFromString');
    const first = csvStream(['id', 'name'], batches(3));
    const second = csvStream(['id', 'name'], batches(3));
    const read = async (stream: AsyncIterable<Buffer>) => {
      let text = '';
      for await (const piece of stream) text += piece.toString();
      return text;
    };
    const firstText = read(first);
    const secondText = read(second);
    expect(await firstText).toBe('id,name\r\n0,x\r\n1,x\r\n2,x\r\n');
    await secondText;
    expect(growing(spy)).toEqual(['--heap-growing-percent=25', '--heap-growing-percent=0']);
  });

  it('gives the default back when the client goes away mid-export', async () => {
    const spy = vi.spyOn(v8, 'setFlagsFromString');
    const stream = csvStream(['id'], batches(1000));
    for await (const _piece of stream) break; // the stream is destroyed, the generator returned
    await new Promise((resolve) => setImmediate(resolve));
    expect(growing(spy)).toEqual(['--heap-growing-percent=25', '--heap-growing-percent=0']);
  });
});
