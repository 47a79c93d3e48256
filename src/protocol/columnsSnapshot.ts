/**
 * The console worker's columnar form of the REST snapshot (GET devices/fetch, issue 15 item 3,
 * docs/api.md "Columns form"): asked for with this media type in Accept, the server answers the
 * UI's snapshot columns exactly as the worker would build them (workers/pipeline/fleetColumns.ts),
 * then the packed snapshot (packedSnapshot.ts) the worker loads its model from. The bytes' layout
 * is workers/pipeline/columnsAnswer.ts's. Without this type in Accept the call answers as before
 * (packed for `application/x-msgpack`, JSON for every other client).
 *
 * Why: at 50,000 units the worker spent 1.6–2.9 s of CPU unpacking, decoding, viewing and
 * JSON-writing the snapshot before the UI could paint (docs/performance.md §7g); with this form it
 * forwards the columns as they came and does that work after the UI has them.
 */
export const COLUMNS_SNAPSHOT_TYPE = 'application/vnd.luc.fleet-columns';
