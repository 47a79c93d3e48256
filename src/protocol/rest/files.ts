/**
 * The Files area's calls (spec 001 §3 File, §5 file-name rules, §7 "Files", §9 image probe): the
 * files that came back to the media servers (MMH) of the group's channels, their removal, rename,
 * broadcast on their channel, chunks, download URLs and metadata. Paths are the spec's (the media
 * server probe is ours); bodies and answers are ours, named after the spec's fields (docs/api.md
 * "Files").
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { CurrentGroup, EpochMs, Id, IdParams, Removed, RefTo } from './common.ts';
import { FILE_DATE_FILTERS, FILE_KINDS } from '../../domain/files.ts';

const TAGS = ['files'] as const;

/** A file on a media server (spec 001 §3 File: fileId, fileName, luName, mmhId, sizeBytes, lastModified, isTransferring, rootDirectory). */
export const ChannelFile = Schema.Struct({
  fileId: Id,
  fileName: Schema.String,
  /** chunks (video) or metadata (xml, json); null for another extension. */
  kind: Schema.NullOr(Schema.Literals(FILE_KINDS)),
  channelId: Id,
  channelName: Schema.String,
  unitUid: Schema.NullOr(Schema.String),
  luName: Schema.String,
  mmhId: Id,
  mmhName: Schema.String,
  sizeBytes: Schema.Int.annotate({ description: 'bytes' }),
  lastModified: EpochMs,
  isTransferring: Schema.Boolean,
  /** 0-100 (%) while transferring, else null (spec 001 §3 channel fileTransfer). */
  progress: Schema.NullOr(Schema.Int),
  rootDirectory: Schema.String,
  storyId: Schema.NullOr(Schema.String),
});
export type ChannelFile = typeof ChannelFile.Type;

/** A stored file playing on its channel (channelfiles/broadcast/start). */
export const FileBroadcast = Schema.Struct({ channelId: Id, fileId: Id, broadcastingMmhId: Id, rootDirectory: Schema.String, since: EpochMs });
export type FileBroadcast = typeof FileBroadcast.Type;

/** A media server the console may read a file from, with the image its probe loads (spec 001 §9). */
export const FileServer = Schema.Struct({ id: Id, name: Schema.String, probeUrl: Schema.String });

export const ChannelFilesAnswer = Schema.Struct({
  items: Schema.Array(ChannelFile),
  broadcasts: Schema.Array(FileBroadcast),
  mediaServers: Schema.Array(FileServer),
});
export type ChannelFilesAnswer = typeof ChannelFilesAnswer.Type;

const InGroup = { crnt_vcg_uid: CurrentGroup } as const;
const InGroupQuery = Schema.Struct(InGroup);
const FileIdBody = Schema.Struct({ fileId: RefTo('file') });

export const listChannelFiles = endpoint({
  method: 'GET',
  path: 'channelfiles',
  summary: 'The files of the group’s channels, newest first, filtered by kind (chunks, metadata), date and name; transfers with their progress',
  tags: TAGS,
  query: Schema.Struct({
    ...InGroup,
    kind: Schema.optionalKey(Schema.Literals(FILE_KINDS)),
    date: Schema.optionalKey(Schema.Literals(FILE_DATE_FILTERS)),
    searchValue: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(255))),
  }),
  response: ChannelFilesAnswer,
});

export const removeChannelFile = endpoint({
  method: 'POST',
  path: 'channelfiles/removal',
  summary: 'Remove a file (never for read-only users; not while it transfers or plays)',
  tags: TAGS,
  query: InGroupQuery,
  body: FileIdBody,
  response: Removed,
});

export const startFileBroadcast = endpoint({
  method: 'POST',
  path: 'channelfiles/broadcast/start',
  summary: 'Play a stored file on its channel from the media server the image probe chose (the channel shows playStoredFile while no unit streams to it)',
  tags: TAGS,
  query: InGroupQuery,
  body: Schema.Struct({ fileId: RefTo('file'), broadcastingMmhId: RefTo('server'), rootDirectory: Schema.String.check(Schema.isMaxLength(1024)) }),
  response: FileBroadcast,
});

export const stopFileBroadcast = endpoint({
  method: 'POST',
  path: 'channelfiles/broadcast/stop',
  summary: 'Stop the broadcast of a file',
  tags: TAGS,
  query: InGroupQuery,
  body: FileIdBody,
  response: Schema.Struct({ stopped: Schema.Boolean }),
});

export const renameChannelFile = endpoint({
  method: 'POST',
  path: 'channelfiles/name',
  summary: 'Rename a recording: the new prefix (a-z A-Z 0-9 and @~_-+={},!(); at most 32) for each of its files; a name must not exist on the same media server',
  tags: TAGS,
  query: InGroupQuery,
  body: Schema.Struct({ fileId: RefTo('file'), newFileName: Schema.String.check(Schema.isMaxLength(256)) }),
  response: Schema.Struct({ renamed: Schema.Array(Schema.Struct({ fileId: Id, from: Schema.String, to: Schema.String })) }),
});

export const channelFileChunks = endpoint({
  method: 'POST',
  path: 'channelfiles/chunk',
  summary: 'The files of a file’s recording on its media server (its parts and metadata), by name',
  tags: TAGS,
  query: InGroupQuery,
  body: FileIdBody,
  response: Schema.Array(ChannelFile),
});

export const channelDownloadUrls = endpoint({
  method: 'GET',
  path: 'channels/{id}/downloadUrls',
  summary: 'Where each file of a channel of the group is downloaded from on its media server',
  tags: TAGS,
  params: Schema.Struct({ id: RefTo('channel') }),
  query: InGroupQuery,
  response: Schema.Array(Schema.Struct({ fileId: Id, fileName: Schema.String, url: Schema.String })),
});

export const fileMetadata = endpoint({
  method: 'GET',
  path: 'metadata',
  summary: 'The document of a metadata file (xml or json) of a channel of the group, by its path',
  tags: TAGS,
  query: Schema.Struct({ ...InGroup, channelId: RefTo('channel'), filePath: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(1300)) }),
  response: Schema.Struct({ channelId: Id, filePath: Schema.String, format: Schema.Literals(['xml', 'json']), content: Schema.String }),
});

export const mediaServerProbe = endpoint({
  method: 'GET',
  path: 'channelfiles/mmh/{id}/probe.svg',
  summary: 'Ours: the image the console loads to see that a media server answers (spec 001 §9 image probe, 5,000 ms)',
  tags: TAGS,
  params: Schema.Struct({ id: RefTo('server') }),
  query: Schema.Struct({ t: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(32))) }),
  response: Schema.String,
  produces: 'image/svg+xml; charset=utf-8',
});

export const FILE_ENDPOINTS = [listChannelFiles, removeChannelFile, startFileBroadcast, stopFileBroadcast, renameChannelFile, channelFileChunks, channelDownloadUrls, fileMetadata, mediaServerProbe] as const;
