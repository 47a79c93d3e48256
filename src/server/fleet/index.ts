/**
 * The fleet as a port (issue 18): what main.ts wires. See docs/architecture.md "The fleet port".
 * - embedded / owner: `new LocalFleet(simulator)`; the owner also runs `new FleetRpcServer({ nc, fleet, bus }).start()`.
 * - a front: `const fleet = new RemoteFleet({ nc, bus }); await fleet.start()` (503 until the owner answers: retry),
 *   `buildApp({ …, runsBackgroundJobs: false })`, then `routeDeps.fleet.attach({ fleet, bus })`.
 */
export type { FleetPort, LiveUnit, ChannelsPort, FilesPort, ServersPort, VideoReturnPort } from './port.ts';
export { LocalFleet } from './local.ts';
export { FleetMirror, type FleetSnapshot, type LiveBusLike, type MirrorBus } from './mirror.ts';
export { FleetRpcServer, RemoteFleet, fleetSnapshot, type FleetRpcServerOptions, type RemoteFleetOptions } from './rpc.ts';
export { FLEET_NOT_ANSWERING, FLEET_RPC_SUBJECT, FLEET_RPC_TIMEOUT_MS, FLEET_SNAPSHOT_SUBJECT, FLEET_RPC_QUEUE } from './wire.ts';
