/** The UI side of the fleet worker: client, store, hooks. */
export * from './client.ts';
export * from './store.ts';
export * from './hooks.ts';
