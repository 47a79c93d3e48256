/**
 * Story settings (newsroom sync) routes (spec 001 §7 ingestaccount): the inventory's ingest
 * account, its password, the XSLT mapping upload (checked as XSLT 1.0, xslt.ts) and the test over
 * sample content. Who may: the user types that may configure stories (spec 001 §6, 'stories.edit'),
 * on one of their inventories.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { ownInventory } from '../../http/scope.ts';
import { HttpError, notFound, refuseFields } from '../../http/errors.ts';
import * as api from '../../../protocol/rest/newsroomSync.ts';
import type { IngestAccount } from '../../../protocol/rest/newsroomSync.ts';
import { ingestAccountErrors, ingestPasswordError, NEWSROOM_MESSAGES, POLL_INTERVAL_S, storiesOfMappingOutput } from '../../../domain/newsroomSync.ts';
import { storyMappingFileError } from '../../../domain/newsroomSync.ts';
import type { RouteDeps } from '../deps.ts';
import { checkMapping, MappingError, runMapping, textOf, toXmlElement } from './xslt.ts';
import { parseXml, type XElem } from './xml.ts';
import type { StoredIngestAccount } from './repo.ts';

const INV = ownInventory('params.id');

function view(inventoryId: string, account: StoredIngestAccount | undefined): IngestAccount {
  return {
    inventoryId,
    configured: account !== undefined,
    enabled: account?.enabled ?? false,
    serverUrl: account?.serverUrl ?? '',
    username: account?.username ?? '',
    hasPassword: (account?.password ?? '') !== '',
    pollIntervalS: account?.pollIntervalS ?? POLL_INTERVAL_S.default,
    xsltFileName: account?.xsltFileName ?? null,
    xsltUploadedAt: account?.xsltUploadedAt ?? null,
  };
}

/** An account must exist before its password or mapping: 404 with the spec's "Configuration unavailable". */
async function existing(deps: RouteDeps, inventoryId: string): Promise<StoredIngestAccount> {
  const account = await deps.store.ingestAccounts.get(inventoryId);
  if (account === undefined) throw notFound(NEWSROOM_MESSAGES.noAccount);
  return account;
}

export function newsroomSyncRoutes(deps: RouteDeps): RouteDefinition[] {
  return [
    defineRoute(api.getIngestAccount, { access: 'stories.edit', scope: INV, handler: async ({ scoped }) => view(scoped.inventory.id, await deps.store.ingestAccounts.get(scoped.inventory.id)) }),
    defineRoute(api.putIngestAccount, {
      access: 'stories.edit',
      scope: INV,
      handler: async ({ body, scoped }) => {
        const form = { serverUrl: body.serverUrl.trim(), username: body.username.trim(), pollIntervalS: body.pollIntervalS };
        refuseFields(ingestAccountErrors(form));
        const before = await deps.store.ingestAccounts.get(scoped.inventory.id);
        await deps.store.ingestAccounts.upsert(scoped.inventory.id, { ...form, pollIntervalS: Number(form.pollIntervalS), enabled: body.enabled ?? before?.enabled ?? true }, deps.now());
        return view(scoped.inventory.id, await deps.store.ingestAccounts.get(scoped.inventory.id));
      },
    }),
    defineRoute(api.setIngestPassword, {
      access: 'stories.edit',
      scope: INV,
      handler: async ({ body, scoped }) => {
        refuseFields({ password: ingestPasswordError(body.password) });
        await existing(deps, scoped.inventory.id);
        await deps.store.ingestAccounts.setPassword(scoped.inventory.id, body.password, deps.now());
        return view(scoped.inventory.id, await deps.store.ingestAccounts.get(scoped.inventory.id));
      },
    }),
    defineRoute(api.uploadXsltMapping, {
      access: 'stories.edit',
      scope: INV,
      handler: async ({ query, bytes, scoped }) => {
        refuseFields({ file: storyMappingFileError(query.fileName) });
        await existing(deps, scoped.inventory.id);
        const text = bytes.toString('utf8');
        try {
          checkMapping(text);
        } catch (error) {
          if (error instanceof MappingError) throw new HttpError(400, error.message, { fields: { file: error.message } });
          throw error;
        }
        await deps.store.ingestAccounts.setMapping(scoped.inventory.id, query.fileName.trim(), text, deps.now());
        return view(scoped.inventory.id, await deps.store.ingestAccounts.get(scoped.inventory.id));
      },
    }),
    defineRoute(api.deleteIngestAccount, { access: 'stories.edit', scope: INV, handler: async ({ scoped }) => ({ removed: await deps.store.ingestAccounts.delete(scoped.inventory.id) }) }),
    defineRoute(api.testXsltMapping, {
      access: 'stories.edit',
      scope: INV,
      handler: async ({ body, scoped }) => {
        const account = await existing(deps, scoped.inventory.id);
        if (account.xsltContent === null) throw new HttpError(409, NEWSROOM_MESSAGES.noMapping);
        let output: XElem;
        try {
          output = runMapping(checkMapping(account.xsltContent), body.content);
        } catch (error) {
          if (error instanceof MappingError) throw new HttpError(400, error.message, { fields: { content: error.message } });
          throw error;
        }
        // Text of a field element: re-read from the output tree (the domain reads a plain tree).
        const byElement = new Map<object, XElem>();
        const plain = toXmlElement(output);
        const index = (p: ReturnType<typeof toXmlElement>, x: XElem) => {
          byElement.set(p, x);
          const xs = x.nodes.filter((n): n is XElem => n.kind === 'element');
          p.children.forEach((c, i) => {
            const match = xs[i];
            if (match !== undefined) index(c, match);
          });
        };
        index(plain, output);
        const stories = storiesOfMappingOutput(plain, (e) => {
          const x = byElement.get(e);
          return x === undefined ? '' : textOf(x).trim();
        });
        if (stories === null) throw new HttpError(400, NEWSROOM_MESSAGES.notStories, { fields: { content: NEWSROOM_MESSAGES.notStories } });
        return { stories: stories.map((s) => ({ story: { ...s.form }, errors: { ...s.errors } as Record<string, string> })) };
      },
    }),
  ];
}

