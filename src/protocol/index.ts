/** The wire: event envelope and payloads, control ops, log format, snapshots (protocol.md). */
export * from './kinds.ts';
export * from './issueText.ts';
export * from './payloads.ts';
export * from './payloadGuards.ts';
export * from './envelope.ts';
export * from './ops.ts';
export * from './logFormat.ts';
export * from './snapshot.ts';
