/**
 * A fleet client that is quiet once disposed. When the group changes or the user signs out, the
 * old client is disposed in the same commit in which the screens below release their views
 * (useVisibleSet's cleanup calls releaseView), and React does not promise which runs first; a
 * released Comlink proxy throws on any call. Wrapped, a call after dispose does nothing.
 */
import type { FleetClient } from '../../fleet/index.ts';

export function settledClient(client: FleetClient): FleetClient {
  let disposed = false;
  const quiet = async (): Promise<void> => undefined;
  return {
    store: client.store,
    get api() {
      return client.api;
    },
    connect: (options) => (disposed ? quiet() : client.connect(options)),
    setVisible: (viewId, visible) => (disposed ? quiet() : client.setVisible(viewId, visible)),
    releaseView: (viewId) => (disposed ? quiet() : client.releaseView(viewId)),
    beginTransition: (unitId, button, state) => (disposed ? quiet() : client.beginTransition(unitId, button, state)),
    setAlertSettings: (settings) => (disposed ? quiet() : client.setAlertSettings(settings)),
    dispose() {
      if (disposed) return;
      disposed = true;
      client.dispose();
    },
  };
}
