/**
 * A fleet client that is quiet once disposed. When the group changes or the user signs out, the
 * old client is disposed in the same commit in which the screens below release their views
 * (useVisibleSet's cleanup calls releaseView), and React does not promise which runs first; a
 * released Comlink proxy throws on any call. Wrapped, a call after dispose does nothing.
 * The replay client is passed through the same way: its state as it is, its controls quiet after
 * dispose (opening a log still asks the worker, so a closed client answers with its error).
 */
import type { FleetClient } from '../../fleet/index.ts';
import type { ReplayClient } from '../../fleet/replay.ts';

export function settledClient(client: FleetClient): FleetClient {
  let disposed = false;
  const quiet = async (): Promise<void> => undefined;
  const inner = client.replay;
  const replay: ReplayClient = {
    state: inner.state,
    open: (input, name) => inner.open(input, name),
    play: () => (disposed ? quiet() : inner.play()),
    pause: () => (disposed ? quiet() : inner.pause()),
    toggle: () => (disposed ? quiet() : inner.toggle()),
    step: (by) => (disposed ? quiet() : inner.step(by)),
    seek: (target) => (disposed ? quiet() : inner.seek(target)),
    setSpeed: (speed) => (disposed ? quiet() : inner.setSpeed(speed)),
    setLoop: (loop) => (disposed ? quiet() : inner.setLoop(loop)),
    close: () => (disposed ? quiet() : inner.close()),
  };
  return {
    store: client.store,
    get api() {
      return client.api;
    },
    replay,
    connect: (options) => (disposed ? quiet() : client.connect(options)),
    setVisible: (viewId, visible) => (disposed ? quiet() : client.setVisible(viewId, visible)),
    releaseView: (viewId) => (disposed ? quiet() : client.releaseView(viewId)),
    beginTransition: (unitId, button, state) => (disposed ? quiet() : client.beginTransition(unitId, button, state)),
    endTransition: (unitId, button) => (disposed ? quiet() : client.endTransition(unitId, button)),
    setAlertSettings: (settings) => (disposed ? quiet() : client.setAlertSettings(settings)),
    rowsPainted: () => (disposed ? quiet() : client.rowsPainted()),
    dispose() {
      if (disposed) return;
      disposed = true;
      client.dispose();
    },
  };
}
