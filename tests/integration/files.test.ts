/**
 * Files against a started server (spec 001 §3 File, §5 file-name rules, §7 "Files"): the group's
 * files with kind, date and name filters; rename with the prefix rule and uniqueness on the media
 * server (texts word for word); chunks, metadata, download URLs; broadcast start and stop; removal
 * (never for read-only users); a transfer from the simulator with its progress; the role matrix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';
import { may } from '../../src/domain/roles/permissions.ts';
import { seedDemoFiles } from '../../src/server/demo.ts';
import { call, signIn, tempDir } from './server-harness.ts';
import { addUnit, GROUP, startUnitServer, type UnitTestServer } from './units-harness.ts';

const NOT_ALLOWED = 'You are not allowed to access this application.';
const q = `?crnt_vcg_uid=${GROUP}`;
type File = { fileId: string; fileName: string; kind: string | null; isTransferring: boolean; progress: number | null; mmhId: string; rootDirectory: string; channelId: string };

describe('channel files', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let operator: string;
  const list = async (query = '') => (await call(server, `channelfiles${q}${query}`, { cookie: operator })).json as { items: File[]; broadcasts: unknown[]; mediaServers: { id: string }[] };
  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 30, { mediaServers: true });
    await seedDemoFiles(server.store, Date.now());
    operator = await signIn(server, 'luc_regular');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('lists the group’s files newest first, filtered by kind, date and name; the media servers to probe', async () => {
    const all = await list();
    expect(all.items).toHaveLength(13); // 8 video parts + 5 metadata files
    expect(all.items[0]?.fileName).toBe('NEWS-NATIONAL_Interview-Mayor.xml');
    expect(all.mediaServers).toEqual([{ id: 'MMH-1', name: 'MMH-Newsroom-01', probeUrl: 'channelfiles/mmh/MMH-1/probe.svg' }]);
    expect((await list('&kind=metadata')).items.map((f) => f.fileName.split('.').pop())).toEqual(['xml', 'json', 'json', 'xml', 'xml']);
    expect((await list('&kind=chunks')).items).toHaveLength(8);
    expect((await list('&date=last24Hours')).items.map((f) => f.fileName)).toEqual([
      'NEWS-NATIONAL_Interview-Mayor.xml',
      'NEWS-NATIONAL_Interview-Mayor_part2.mp4',
      'NEWS-NATIONAL_Interview-Mayor.mp4',
    ]);
    expect((await list('&date=last30Days')).items).toHaveLength(11);
    expect((await list('&searchValue=vox')).items).toHaveLength(2);
    const refused = await call(server, 'channelfiles?crnt_vcg_uid=G-NOPE', { cookie: operator });
    expect(refused.status).toBe(403);
  });

  it('renames a recording by its prefix (parts and metadata together), refusing bad prefixes and names taken on the media server', async () => {
    const cases: [string, number, string][] = [
      ['', 400, 'This field is required'],
      ['two words', 400, 'Use only letters, digits and @~_-+={},!()'],
      ['a'.repeat(33), 400, 'Must have at most 32 characters'],
      ['slash/name', 400, 'Use only letters, digits and @~_-+={},!()'],
      ['NEWS-NATIONAL_Interview-Mayor', 409, 'A file with this name already exists on this media server'],
    ];
    for (const [newFileName, status, message] of cases) {
      const answer = await call(server, `channelfiles/name${q}`, { cookie: operator, body: { fileId: 'FILE-NEWS-NATIONAL-3-1', newFileName } });
      expect([answer.status, answer.json.message, answer.json.fields], newFileName).toEqual([status, message, { newFileName: message }]);
    }
    const renamed = await call(server, `channelfiles/name${q}`, { cookie: operator, body: { fileId: 'FILE-NEWS-NATIONAL-3-2', newFileName: 'Presser_{A}(1)!' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.renamed.map((r: { to: string }) => r.to).sort()).toEqual(['Presser_{A}(1)!.mp4', 'Presser_{A}(1)!.xml', 'Presser_{A}(1)!_part2.mp4', 'Presser_{A}(1)!_part3.mp4']);
    const chunks = await call(server, `channelfiles/chunk${q}`, { cookie: operator, body: { fileId: 'FILE-NEWS-NATIONAL-3-1' } });
    expect(chunks.json.map((f: File) => f.fileName)).toEqual(['Presser_{A}(1)!.mp4', 'Presser_{A}(1)!.xml', 'Presser_{A}(1)!_part2.mp4', 'Presser_{A}(1)!_part3.mp4']);
    const foreign = await call(server, `channelfiles/name${q}`, { cookie: operator, body: { fileId: 'FILE-SPORTS-FOOTBALL-1-1', newFileName: 'x' } });
    expect([foreign.status, foreign.json.message]).toEqual([404, "File 'FILE-SPORTS-FOOTBALL-1-1' not found"]);
  });

  it('reads a metadata document and the download URLs of a channel', async () => {
    const meta = await call(server, `metadata${q}&channelId=CH-NEWS-NATIONAL-PREVIEW&filePath=${encodeURIComponent('/recordings/News-National/NEWS-NATIONAL_Flood-Riverside.json')}`, { cookie: operator });
    expect(meta.status, meta.text).toBe(200);
    expect(meta.json.format).toBe('json');
    expect(JSON.parse(meta.json.content)).toMatchObject({ recording: 'NEWS-NATIONAL_Flood-Riverside' });
    const video = await call(server, `metadata${q}&channelId=CH-NEWS-NATIONAL-PREVIEW&filePath=${encodeURIComponent('/recordings/News-National/NEWS-NATIONAL_Flood-Riverside.mkv')}`, { cookie: operator });
    expect([video.status, video.json.message]).toEqual([400, 'Not a metadata file']);
    const urls = await call(server, `channels/CH-NEWS-NATIONAL-PREVIEW/downloadUrls${q}`, { cookie: operator });
    expect(urls.json).toHaveLength(13);
    expect(urls.json[0].url).toMatch(/^https:\/\/mmh-1\.media\.invalid\/recordings\/News-National\//);
  });

  it('broadcasts a stored video on its channel (playStoredFile) and stops it; metadata cannot be broadcast', async () => {
    const body = { fileId: 'FILE-NEWS-NATIONAL-2-1', broadcastingMmhId: 'MMH-1', rootDirectory: '/recordings/News-National' };
    const started = await call(server, `channelfiles/broadcast/start${q}`, { cookie: operator, body });
    expect(started.status, started.text).toBe(200);
    expect(started.json).toMatchObject({ channelId: 'CH-NEWS-NATIONAL-PREVIEW', fileId: 'FILE-NEWS-NATIONAL-2-1', broadcastingMmhId: 'MMH-1' });
    expect(server.fleet.channelStatus('CH-NEWS-NATIONAL-PREVIEW')?.status).toBe('playStoredFile');
    expect((await list()).broadcasts).toHaveLength(1);
    const playing = await call(server, `channelfiles/removal${q}`, { cookie: operator, body: { fileId: 'FILE-NEWS-NATIONAL-2-1' } });
    expect([playing.status, playing.json.message]).toEqual([409, 'The file is playing on its channel: stop the broadcast first']);
    const metadata = await call(server, `channelfiles/broadcast/start${q}`, { cookie: operator, body: { ...body, fileId: 'FILE-NEWS-NATIONAL-2-2' } });
    expect([metadata.status, metadata.json.message]).toEqual([400, 'Only a video file can be broadcast']);
    const wrongServer = await call(server, `channelfiles/broadcast/start${q}`, { cookie: operator, body: { ...body, broadcastingMmhId: 'MMH-2' } });
    expect([wrongServer.status, wrongServer.json.fields]).toEqual([400, { broadcastingMmhId: 'Not a media server of this inventory' }]);
    expect((await call(server, `channelfiles/broadcast/stop${q}`, { cookie: operator, body: { fileId: 'FILE-NEWS-NATIONAL-2-1' } })).json).toEqual({ stopped: true });
    expect(server.fleet.channelStatus('CH-NEWS-NATIONAL-PREVIEW')?.status).toBe('idle');
  });

  it('removes a file, never for a read-only user', async () => {
    const reader = await signIn(server, 'luc_read');
    const refused = await call(server, `channelfiles/removal${q}`, { cookie: reader, body: { fileId: 'FILE-NEWS-NATIONAL-4-2' } });
    expect([refused.status, refused.json.message]).toEqual([403, NOT_ALLOWED]);
    expect((await call(server, `channelfiles/removal${q}`, { cookie: operator, body: { fileId: 'FILE-NEWS-NATIONAL-4-2' } })).json).toEqual({ removed: 1 });
    expect((await list()).items.some((f) => f.fileId === 'FILE-NEWS-NATIONAL-4-2')).toBe(false);
  });

  it('shows a forwarded recording arriving: transferring with its progress, then stored', async () => {
    const uid = await addUnit(server, 'UFILES1', '800');
    const live = server.fleet.unit(uid);
    if (live === undefined) throw new Error('no unit');
    live.channelId = 'CH-NEWS-NATIONAL-OUTPUT';
    expect(server.fleet.command(uid, { type: 'startStoreAndForward' }).ok).toBe(true);
    server.clock.advance(5_000); // store, then forward: the first file starts
    server.clock.advance(1_500); // one progress step at least
    const moving = (await list()).items.filter((f) => f.isTransferring);
    expect(moving).toHaveLength(1);
    expect(moving[0]?.fileName).toMatch(/^Test-UFILES1_\d{8}-\d{6}\.(mp4|mkv|mov|3gp)$/);
    expect(moving[0]?.progress).toBeGreaterThan(0);
    const transferring = await call(server, `channelfiles/name${q}`, { cookie: operator, body: { fileId: moving[0]?.fileId, newFileName: 'x' } });
    expect([transferring.status, transferring.json.message]).toEqual([409, 'The file is still transferring']);
    for (let i = 0; i < 200 && (await list()).items.some((f) => f.isTransferring); i += 1) server.clock.advance(1_500);
    const arrived = (await list('&searchValue=UFILES1')).items;
    expect(arrived.length).toBeGreaterThanOrEqual(1);
    expect(arrived.every((f) => !f.isTransferring && f.progress === null)).toBe(true);
  });

  it('answers each of the 14 user types as the permissions table says (read, manage, delete)', async () => {
    const failures: string[] = [];
    for (const type of USER_TYPES) {
      const cookie = await signIn(server, type);
      const probes = [
        { action: 'files.read', answer: await call(server, `channelfiles${q}`, { cookie }) },
        { action: 'files.manage', answer: await call(server, `channelfiles/broadcast/stop${q}`, { cookie, body: { fileId: 'FILE-NEWS-NATIONAL-1-1' } }) },
        { action: 'files.delete', answer: await call(server, `channelfiles/removal${q}`, { cookie, body: { fileId: 'FILE-NOPE' } }) },
      ] as const;
      for (const { action, answer } of probes) {
        const allowed = may([type], action);
        const ok = allowed ? answer.status !== 403 : answer.status === 403 && answer.json?.message === NOT_ALLOWED;
        if (!ok) failures.push(`${type} ${action}: ${answer.status} ${answer.json?.message ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
    expect(may(['luc_read'], 'files.delete')).toBe(false);
  });
});
