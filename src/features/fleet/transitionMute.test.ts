import { describe, expect, it } from 'vitest';
import { TransitionMute, transitionToastsMuted } from './transitionMute.ts';

describe('transition toasts are muted while a wall is on screen, and counted', () => {
  it.each([
    [0, false, false],
    [0, true, true],
    [1, false, true],
    [2, true, true],
  ])('with %i holders and full screen %s: muted %s', (holders, fullscreen, muted) => {
    expect(transitionToastsMuted(holders, fullscreen)).toBe(muted);
  });

  it('shows toasts when nobody holds the mute, and counts nothing', () => {
    const mute = new TransitionMute();
    expect(mute.admit(3, false)).toBe(true);
    expect(mute.muted.value).toBe(0);
  });

  it('counts every transition while held, clears on demand, and resets when the last holder lets go', () => {
    const mute = new TransitionMute();
    const releaseWall = mute.hold();
    expect(mute.admit(12, false)).toBe(false);
    expect(mute.admit(1, false)).toBe(false);
    expect(mute.muted.value).toBe(13);
    mute.clear();
    expect(mute.muted.value).toBe(0);
    expect(mute.admit(4, false)).toBe(false);
    const releaseOther = mute.hold();
    releaseWall();
    releaseWall(); // a second release does not let the other holder's mute go
    expect(mute.admit(1, false)).toBe(false);
    expect(mute.muted.value).toBe(5);
    releaseOther();
    expect(mute.muted.value).toBe(0);
    expect(mute.admit(2, false)).toBe(true);
  });

  it('mutes in full screen without a holder', () => {
    const mute = new TransitionMute();
    expect(mute.admit(7, true)).toBe(false);
    expect(mute.muted.value).toBe(7);
    expect(mute.admit(0, true)).toBe(false);
    expect(mute.muted.value).toBe(7);
  });
});
