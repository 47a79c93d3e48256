/** The fleet model: apply events, drain changes, snapshots, the replay summary. */
export * from './fleetModel.ts';
export * from './snapshot.ts';
export * from './summary.ts';
export * from './unitRefetch.ts';
