import { describe, expect, it } from 'vitest';
import { buffersAsBytes } from './wireTestHarness.ts';

describe('buffersAsBytes', () => {
  it('makes buffers of different bytes unequal, where toEqual alone finds them equal', () => {
    const a = { unitsBuffer: new Uint8Array([1, 2]).buffer, patches: [new Float64Array([1.5])] };
    const b = { unitsBuffer: new Uint8Array([1, 3]).buffer, patches: [new Float64Array([1.5])] };
    expect(a).toEqual(b); // the gap this closes: an ArrayBuffer has no enumerable keys
    expect(buffersAsBytes(a)).not.toEqual(buffersAsBytes(b));
    expect(buffersAsBytes(a)).toEqual(buffersAsBytes({ unitsBuffer: new Uint8Array([1, 2]).buffer, patches: [new Float64Array([1.5])] }));
  });

  it('compares a view by its own bytes, not its whole buffer', () => {
    const whole = new Uint8Array([9, 1, 2, 9]);
    expect(buffersAsBytes(whole.subarray(1, 3))).toEqual(buffersAsBytes(new Uint8Array([1, 2])));
  });
});
