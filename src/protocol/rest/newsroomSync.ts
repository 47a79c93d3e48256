/**
 * Story settings (newsroom sync) calls (spec 001 §3 "Inventory ingest account, XSLT mapping
 * file", §5 "File upload type for story mapping: XSLT only", §7 "ingestaccount (GET, PUT, password
 * POST, xsltfile POST, DELETE and test with content)"). Paths under the inventory as the spec
 * lists them; bodies and answers ours (docs/api.md "Newsroom sync"). The password is never answered.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IdParams, TextBetween } from './common.ts';
import { SAMPLE_MAX_BYTES, XSLT_MAX_BYTES } from '../../domain/newsroomSync.ts';
import { STORY_TEXT_FIELDS, type StoryTextField } from '../../domain/stories.ts';

const TAGS = ['stories', 'newsroomSync'] as const;

export const IngestAccount = Schema.Struct({
  inventoryId: Id,
  configured: Schema.Boolean,
  enabled: Schema.Boolean,
  serverUrl: Schema.String,
  username: Schema.String,
  hasPassword: Schema.Boolean,
  pollIntervalS: Schema.Int.annotate({ description: 's' }),
  xsltFileName: Schema.NullOr(Schema.String),
  xsltUploadedAt: Schema.NullOr(EpochMs),
});
export type IngestAccount = typeof IngestAccount.Type;

export const IngestAccountChanges = Schema.Struct({
  serverUrl: Schema.String.check(Schema.isMaxLength(4096)),
  username: Schema.String.check(Schema.isMaxLength(1024)),
  pollIntervalS: Schema.Union([Schema.Int, Schema.String.check(Schema.isMaxLength(16))]),
  enabled: Schema.optionalKey(Schema.Boolean),
});
export type IngestAccountChanges = typeof IngestAccountChanges.Type;

const StoryTexts = Schema.Struct(Object.fromEntries(STORY_TEXT_FIELDS.map((f) => [f, Schema.String])) as Record<StoryTextField, typeof Schema.String>);

export const MappingTestAnswer = Schema.Struct({
  stories: Schema.Array(Schema.Struct({ story: StoryTexts, errors: Schema.Record(Schema.String, Schema.String) })),
});

export const getIngestAccount = endpoint({ method: 'GET', path: 'v2/admin/inventories/{id}/ingestaccount', summary: 'The inventory’s newsroom ingest account (configured: false when none)', tags: TAGS, params: IdParams, response: IngestAccount });

export const putIngestAccount = endpoint({
  method: 'PUT',
  path: 'v2/admin/inventories/{id}/ingestaccount',
  summary: 'Set the ingest account: the newsroom’s http(s) address, username, polling interval 30-3600 s',
  tags: TAGS,
  params: IdParams,
  body: IngestAccountChanges,
  response: IngestAccount,
});

export const setIngestPassword = endpoint({
  method: 'POST',
  path: 'v2/admin/inventories/{id}/ingestaccount/password',
  summary: 'Set the ingest account’s password (never answered back)',
  tags: TAGS,
  params: IdParams,
  body: Schema.Struct({ password: Schema.String.check(Schema.isMaxLength(1024)) }),
  response: IngestAccount,
});

export const uploadXsltMapping = endpoint({
  method: 'POST',
  path: 'v2/admin/inventories/{id}/ingestaccount/xsltfile',
  summary: 'Upload the XSLT story mapping (.xslt or .xsl; checked as XSLT 1.0 on the server, never run against the network or the file system)',
  tags: TAGS,
  params: IdParams,
  query: Schema.Struct({ fileName: TextBetween(1, 255) }),
  bytesBody: { contentType: 'application/octet-stream', maxBytes: XSLT_MAX_BYTES },
  response: IngestAccount,
});

export const deleteIngestAccount = endpoint({ method: 'DELETE', path: 'v2/admin/inventories/{id}/ingestaccount', summary: 'Remove the ingest account and its mapping', tags: TAGS, params: IdParams, response: Schema.Struct({ removed: Schema.Int }) });

export const testXsltMapping = endpoint({
  method: 'POST',
  path: 'v2/admin/inventories/{id}/ingestaccount/test',
  summary: 'Run the uploaded mapping over sample content: the stories it yields, each checked like a typed story',
  tags: TAGS,
  params: IdParams,
  body: Schema.Struct({ content: Schema.String.check(Schema.isMaxLength(SAMPLE_MAX_BYTES)) }),
  response: MappingTestAnswer,
});

export const NEWSROOM_SYNC_ENDPOINTS = [getIngestAccount, putIngestAccount, setIngestPassword, uploadXsltMapping, deleteIngestAccount, testXsltMapping] as const;
