/**
 * bodyBytes (bodyBytes.ts): a snapshot answer read as it streams into one buffer allocated from
 * its Content-Length gives exactly the bytes that came, for any body cut into any pieces, whether
 * the declared length is right, short (a body compressed on the way, read to its end) or long
 * (a cut connection: the bytes that came); without a stream or a usable length, arrayBuffer().
 * The buffer is allocated before the first piece is read (the point of it).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bodyBytes, type StreamedResponse } from './bodyBytes.ts';

/** A response whose body streams `pieces`; `contentLength` as the header says (null: none). */
function streamed(pieces: readonly Uint8Array[], contentLength: string | null, onPull?: () => void): StreamedResponse {
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      onPull?.();
      const piece = pieces[next++];
      if (piece === undefined) controller.close();
      else controller.enqueue(piece);
    },
  });
  return {
    headers: { get: (name) => (name.toLowerCase() === 'content-length' ? contentLength : null) },
    body,
    arrayBuffer: async () => {
      throw new Error('arrayBuffer() called for a streamed answer');
    },
  };
}

const joined = (pieces: readonly Uint8Array[]): number[] => pieces.flatMap((p) => [...p]);
const pieces = fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 12 });

describe('bodyBytes', () => {
  it('gives the bytes that came, for any pieces, with the Content-Length right, short or long', async () => {
    await fc.assert(
      fc.asyncProperty(pieces, fc.integer({ min: -400, max: 400 }), async (body, error) => {
        const total = body.reduce((sum, p) => sum + p.byteLength, 0);
        const declared = total + error;
        if (declared <= 0) return; // no usable length: the next test's case
        const bytes = await bodyBytes(streamed(body, String(declared)));
        expect([...bytes]).toEqual(joined(body));
        expect(bytes.byteOffset).toBe(0);
      }),
      { numRuns: 400 },
    );
  });

  it('reads the whole buffer in one when the length is right (no copy at the end)', async () => {
    const body = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])];
    const bytes = await bodyBytes(streamed(body, '5'));
    expect([...bytes]).toEqual([1, 2, 3, 4, 5]);
    expect(bytes.buffer.byteLength).toBe(5);
  });

  it('allocates the buffer when the headers come, before the first piece is read', async () => {
    const sizes: number[] = [];
    const original = globalThis.Uint8Array;
    let allocatedBeforeFirstPull: boolean | null = null;
    const body = [new original(1000), new original(1000)];
    const response = streamed(body, '2000', () => {
      allocatedBeforeFirstPull ??= sizes.includes(2000);
    });
    // Watch allocations of 2,000-byte arrays while bodyBytes runs.
    const Spy = new Proxy(original, {
      construct(target, args: [number]) {
        if (typeof args[0] === 'number') sizes.push(args[0]);
        return new target(...args);
      },
    });
    globalThis.Uint8Array = Spy as Uint8ArrayConstructor;
    try {
      await bodyBytes(response);
    } finally {
      globalThis.Uint8Array = original;
    }
    expect(allocatedBeforeFirstPull).toBe(true);
  });

  it.each([
    ['no Content-Length', null],
    ['a Content-Length of 0', '0'],
    ['a Content-Length that is not a number', '12abc'],
    ['a negative Content-Length', '-5'],
  ])('reads with arrayBuffer() with %s', async (_, header) => {
    const bytes = await bodyBytes({ headers: { get: () => header }, body: null, arrayBuffer: async () => new Uint8Array([7, 8]).buffer });
    expect([...bytes]).toEqual([7, 8]);
    const streamedToo = await bodyBytes({ headers: { get: () => header }, body: new ReadableStream(), arrayBuffer: async () => new Uint8Array([9]).buffer });
    expect([...streamedToo]).toEqual([9]);
  });

  it('says so when the answer has neither a stream nor arrayBuffer()', async () => {
    await expect(bodyBytes({ headers: { get: () => null }, body: null })).rejects.toThrow('the answer has neither a body stream nor arrayBuffer()');
  });
});
