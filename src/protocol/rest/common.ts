/**
 * Schema pieces every area's contract shares: ids, the error answer, paging (spec 000 §9, 001 §9,
 * 002 §9: page size 50, default search key name) and the small answers of commands.
 */
import { Schema } from 'effect';
import { DEFAULT_SEARCH_KEY, GRID_PAGE_SIZE } from '../../domain/constants.ts';

/** An entity id as the vendor's uids are: 1-128 characters. */
export const Id = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(128)).annotate({ description: 'an entity id' });

/** `{id}` path parameters. */
export const IdParams = Schema.Struct({ id: Id });

// ── References (issue 16 item 3) ─────────────────────────────────────────────────────────────────

/**
 * The kinds of entity a contract field may name. A field that names one is declared with
 * `RefTo(kind)`: the JSON Schema then carries `x-ref: kind`, the server checks before the handler
 * that the id exists and is visible to the caller (src/server/http/references.ts: one check per
 * kind, the same 404 for unknown and foreign ids), and tests/integration/references.test.ts
 * sends made-up and foreign ids to every write that has one. A new kind needs its check there
 * (the type makes it so) and a foreign fixture in that test. `memberGroup` is a group the caller
 * belongs to (operating calls, 403 as the API gate answers); `group` one they administer (404).
 */
export const REF_KINDS = ['memberGroup', 'group', 'inventory', 'unit', 'user', 'channel', 'vrChannel', 'server', 'gateway', 'story', 'subscriber', 'overlay', 'destination', 'file'] as const;
export type RefKind = (typeof REF_KINDS)[number];

/** JSON Schema keys of the reference annotations (kept in the OpenAPI document). */
export const REF_KEY = 'x-ref';
export const PART_KEY = 'x-part-of';
export const NOT_REF_KEY = 'x-not-ref';
export const REFERENCE_KEYS: readonly string[] = [REF_KEY, PART_KEY, NOT_REF_KEY];

/** The id of another entity of `kind`, checked by the server before any handler runs. */
// Annotated before the checks, so the JSON Schema keeps one node ({type, x-ref, minLength, maxLength}).
const annotatedId = (annotations: Record<string, string>) => Schema.String.annotate(annotations).check(Schema.isMinLength(1), Schema.isMaxLength(128));
export const RefTo = (kind: RefKind) => annotatedId({ description: `the id of a ${kind} the caller may use`, [REF_KEY]: kind });

/**
 * The id of a part of the call's own (scoped) entity: a channel's destination or input source, a
 * file of the group. Its handler looks it up inside that entity and answers 404 when it is not
 * there; the references test sends a made-up one.
 */
export const PartOf = (kind: string) => annotatedId({ description: `the id of a ${kind}`, [PART_KEY]: kind });

/**
 * A field whose name looks like a reference but is not one (`reason` says why): the id of the
 * entity the call creates, an id of an outside platform, a filter over recorded history.
 */
export function NotARef(reason: string): ReturnType<typeof annotatedId>;
export function NotARef<S extends Schema.Top>(reason: string, schema: S): S['Rebuild'];
export function NotARef(reason: string, schema?: Schema.Top): Schema.Top {
  return schema === undefined ? annotatedId({ description: reason, [NOT_REF_KEY]: reason }) : schema.annotate({ [NOT_REF_KEY]: reason });
}

/** The id the call gives the entity it creates (not a reference). */
export const NewId = NotARef('the id of the entity the call creates');

/** Epoch milliseconds, as every time of the store is kept. */
export const EpochMs = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)).annotate({ description: 'ms since the epoch' });

/** A whole number with a range, for counts and numeric fields (1e21 and 1e309 are not numbers here). */
export const IntBetween = (minimum: number, maximum: number) => Schema.Int.check(Schema.isBetween({ minimum, maximum }));

/** Text with a length range (characters). */
/**
 * A number a client may store but the server does not interpret (unit metadata, flat settings):
 * finite and within ±2^53 − 1, so 1e21 or 1e309 is refused rather than stored as a float that
 * no longer round-trips (issue 16 item 4).
 */
export const FreeNumber = Schema.Finite.check(Schema.isBetween({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }));
/** A finite number within [minimum, maximum]. */
export const NumberBetween = (minimum: number, maximum: number) => Schema.Finite.check(Schema.isBetween({ minimum, maximum }));
export const TextBetween = (minimum: number, maximum: number) => Schema.String.check(Schema.isMinLength(minimum), Schema.isMaxLength(maximum));

/** The current group id many calls carry (spec 000 §7, 002 §7 `crnt_vcg_uid`); the API gate checks it is one of the caller's groups. */
export const CurrentGroup = RefTo('memberGroup');
export const CurrentGroupQuery = Schema.Struct({ crnt_vcg_uid: Schema.optionalKey(CurrentGroup) });

/**
 * The error answer of every 4xx/5xx: the HTTP reason, one sentence naming what is wrong, and for
 * a refused form the message of each field (spec 002 §5 wording), keyed by the field's name.
 */
export const ErrorBody = Schema.Struct({
  error: Schema.String,
  message: Schema.String,
  fields: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
});
export type ErrorBody = typeof ErrorBody.Type;

/** A command the server took: `{ accepted: true }` plus what it was about. */
export const Accepted = Schema.Struct({ accepted: Schema.Literal(true) });

/** The answer of a removal: how many rows went. */
export const Removed = Schema.Struct({ removed: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) });

/** Largest page any listing answers (ours; the spec's page size is 50). */
export const MAX_PAGE_LIMIT = 500;
/** Largest offset a listing accepts: far past any fleet, and a plain 32-bit number for every engine. */
export const MAX_PAGE_OFFSET = 2_147_483_647;
/** Longest search text (characters). */
export const MAX_SEARCH_LENGTH = 255;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * The query of a paged listing: limit, offset, searchKey/searchValue over the search keys and
 * sortBy/sortDir over the sort keys (spec 001 §7 "defaults: key name, limit 50, offset 0"). All
 * optional on the wire; `pageRequest` fills the defaults.
 */
export function PageQuery<const K extends readonly [string, ...string[]], const S extends readonly [string, ...string[]] = K>(searchKeys: K, sortKeys?: S) {
  return Schema.Struct({
    limit: Schema.optionalKey(IntBetween(1, MAX_PAGE_LIMIT).annotate({ description: `page size, default ${GRID_PAGE_SIZE}` })),
    offset: Schema.optionalKey(IntBetween(0, MAX_PAGE_OFFSET).annotate({ description: 'rows to skip, default 0' })),
    searchKey: Schema.optionalKey(Schema.Literals(searchKeys).annotate({ description: `field searched, default ${DEFAULT_SEARCH_KEY}` })),
    searchValue: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(MAX_SEARCH_LENGTH))),
    sortBy: Schema.optionalKey(Schema.Literals((sortKeys ?? searchKeys) as S)),
    sortDir: Schema.optionalKey(Schema.Literals(SORT_DIRECTIONS)),
    crnt_vcg_uid: Schema.optionalKey(CurrentGroup),
  });
}

/** A page of a listing: the rows asked for and how many match in all. */
export function Page<S extends Schema.Top>(item: S) {
  return Schema.Struct({
    total: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
    limit: Schema.Int,
    offset: Schema.Int,
    items: Schema.Array(item),
  });
}

/** A page request with every default filled in. */
export interface PageRequest<K extends string, S extends string = K> {
  readonly limit: number;
  readonly offset: number;
  readonly searchKey: K;
  /** '' when not searching. */
  readonly searchValue: string;
  readonly sortBy: S;
  readonly sortDir: SortDirection;
}

/**
 * The defaults of spec 001 §7: search key name (or the first key), limit 50, offset 0, sorted by
 * name (or the first sort key) ascending.
 */
export function pageRequest<K extends string, S extends string = K>(
  query: { readonly limit?: number; readonly offset?: number; readonly searchKey?: K; readonly searchValue?: string; readonly sortBy?: S; readonly sortDir?: SortDirection },
  searchKeys: readonly K[],
  sortKeys: readonly S[] = searchKeys as unknown as readonly S[],
): PageRequest<K, S> {
  const byName = <T extends string>(keys: readonly T[]): T => (keys.find((k) => k === DEFAULT_SEARCH_KEY) ?? keys[0]) as T;
  return {
    limit: query.limit ?? GRID_PAGE_SIZE,
    offset: query.offset ?? 0,
    searchKey: query.searchKey ?? byName(searchKeys),
    searchValue: query.searchValue?.trim() ?? '',
    sortBy: query.sortBy ?? byName(sortKeys),
    sortDir: query.sortDir ?? 'asc',
  };
}

/** limit/offset only (the association listings of spec 002 §7 "with offset and limit"). */
export const RangeQuery = Schema.Struct({
  limit: Schema.optionalKey(IntBetween(1, MAX_PAGE_LIMIT)),
  offset: Schema.optionalKey(IntBetween(0, MAX_PAGE_OFFSET)),
  crnt_vcg_uid: Schema.optionalKey(CurrentGroup),
});

/** A short reference to another entity, as pickers and association lists show it. */
export const Ref = Schema.Struct({ id: Id, name: Schema.String });
export type Ref = typeof Ref.Type;

