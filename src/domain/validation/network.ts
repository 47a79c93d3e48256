/**
 * The unit's network settings (spec 000 §5, §9): total and cellular bandwidth limits, per-interface
 * limits, bandwidth priority groups, and the rule that keeps enough interfaces connected.
 * Bandwidth values are kbps (the bwLimitation calls of spec 000 §7; display switches to Mbps above
 * 1024 kbps, which is a display concern and not handled here).
 */
import type { FieldCheck, FormErrors } from './check.ts';
import { firstError } from './check.ts';
import { MESSAGES, formatMessage } from './messages.ts';
import { integer, maxValue, minValue, number, type NumberInput, requiredNumber, toNumber } from './fields.ts';
import { cellularWithinTotal } from './capping.ts';

/** Link types of a unit (spec 000 §3: "types wifi, lan, cell"). */
export const LINK_TYPES = ['cell', 'lan', 'wifi'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

// ---- Bandwidth limits ------------------------------------------------------------------------

/** Ours (spec 000 §5 names the rule, not the words). */
export const TOTAL_BELOW_CELLULAR_MESSAGE = 'Total limit must be at or above the cellular limit';
/** Ours; {0} is the limit in kbps. */
export const INTERFACE_NOT_BELOW_TOTAL_MESSAGE = 'Must be lower than the total limit ({0} kbps)';
/** Ours; {0} is the limit in kbps. */
export const INTERFACE_NOT_BELOW_CELLULAR_MESSAGE = 'Must be lower than the cellular limit ({0} kbps)';

/** An empty limit or 0 means "no limit" (as the smart-unit limit's default 0, spec 002 §9). */
export const NO_LIMIT_KBPS = 0;

const limitChecks: ReadonlyArray<FieldCheck<NumberInput>> = [number, integer, minValue(0)];

/** A limit field in kbps: empty, or a whole number ≥ 0 (0 = no limit). */
export const bandwidthLimit: FieldCheck<NumberInput> = (value) => firstError(value, limitChecks);

/** The limit in kbps, or null for "no limit" (empty, 0, or not a number). */
export function limitKbps(value: NumberInput): number | null {
  const parsed = toNumber(value);
  return parsed === null || parsed <= NO_LIMIT_KBPS ? null : parsed;
}

/**
 * The cap a per-interface limit must stay under (spec 000 §5: "lower than the total (or the
 * cellular) limit"): a cellular interface is capped by the cellular limit, or by the total when
 * there is no cellular limit; Ethernet and Wi-Fi by the total. Null when nothing caps it.
 */
export function interfaceCapKbps(type: LinkType, totalKbps: number | null, cellularKbps: number | null): number | null {
  return type === 'cell' ? (cellularKbps ?? totalKbps) : totalKbps;
}

// ---- Bandwidth priority ----------------------------------------------------------------------

/** spec 000 §9: "Bandwidth priority groups cellular, ETH1, ETH2, Wi-Fi with 1st to 4th priority". */
export const PRIORITY_GROUPS = ['cellular', 'eth1', 'eth2', 'wifi'] as const;
export type PriorityGroup = (typeof PRIORITY_GROUPS)[number];
export const PRIORITY_GROUP_LABELS = { cellular: 'Cellular', eth1: 'ETH1', eth2: 'ETH2', wifi: 'Wi-Fi' } as const satisfies Record<PriorityGroup, string>;

/** 1 = 1st (highest) to 4 = 4th (lowest). */
export const BANDWIDTH_PRIORITIES = [1, 2, 3, 4] as const;
export type BandwidthPriority = (typeof BANDWIDTH_PRIORITIES)[number];

const priorityChecks: ReadonlyArray<FieldCheck<NumberInput>> = [
  requiredNumber,
  number,
  integer,
  minValue(BANDWIDTH_PRIORITIES[0]),
  maxValue(BANDWIDTH_PRIORITIES[BANDWIDTH_PRIORITIES.length - 1] ?? 4),
];

/**
 * Errors of the priority table: each listed group needs a priority 1-4, and no two groups may share
 * one ("This field must be unique" on each of them, spec 002 §5). A group the unit lacks (ETH2 on a
 * single-Ethernet unit) is simply left out of the input.
 */
export function bandwidthPriorityErrors(priorities: Readonly<Partial<Record<PriorityGroup, NumberInput>>>): FormErrors<PriorityGroup> {
  const errors: FormErrors<PriorityGroup> = {};
  const byPriority = new Map<number, PriorityGroup[]>();
  for (const group of PRIORITY_GROUPS) {
    if (!(group in priorities)) continue;
    const value = priorities[group];
    const message = firstError(value, priorityChecks);
    if (message !== null) {
      errors[group] = message;
      continue;
    }
    const priority = toNumber(value) ?? 0;
    byPriority.set(priority, [...(byPriority.get(priority) ?? []), group]);
  }
  for (const groups of byPriority.values()) {
    if (groups.length > 1) for (const group of groups) errors[group] = MESSAGES.mustBeUnique;
  }
  return errors;
}

// ---- Connected interfaces --------------------------------------------------------------------

/** spec 000 §5: "At least 2 interfaces must stay connected". */
export const MIN_CONNECTED_INTERFACES = 2;

/** Ours (spec 000 §5 names the rule, not the words). */
export const TOO_FEW_CONNECTED_MESSAGE = 'At least 2 interfaces must stay connected';
/** Ours, after the catalogue entry of spec 000 §8 ("the last connected modem is being disabled"). */
export const LAST_MODEM_WARNING = 'You are disabling the last connected modem';

export interface UnitInterface {
  readonly port: string;
  readonly type: LinkType;
  readonly enabled: boolean;
  readonly connected: boolean;
}

export type DisableVerdict =
  | { readonly kind: 'allowed' }
  | { readonly kind: 'warning'; readonly message: string }
  | { readonly kind: 'blocked'; readonly message: string };

/**
 * What happens when the operator disables the interface on `port`. Our reading of spec 000 §5
 * ("At least 2 interfaces must stay connected (warning when the last would be disabled)") with the
 * catalogue's "warning that the last connected modem is being disabled":
 * - blocked when the interface is connected and fewer than 2 other enabled interfaces are
 *   connected (disabling would leave fewer than 2);
 * - otherwise a warning (confirm to go on) when it is the last connected cellular modem, because the
 *   unit then loses cellular bonding while Ethernet/Wi-Fi remain;
 * - otherwise allowed. An unknown port or an interface that is already disabled is allowed (no-op).
 */
export function disableInterfaceVerdict(interfaces: ReadonlyArray<UnitInterface>, port: string): DisableVerdict {
  const target = interfaces.find((link) => link.port === port);
  if (target === undefined || !target.enabled || !target.connected) return { kind: 'allowed' };
  const othersConnected = interfaces.filter((link) => link.port !== port && link.enabled && link.connected);
  if (othersConnected.length < MIN_CONNECTED_INTERFACES) return { kind: 'blocked', message: TOO_FEW_CONNECTED_MESSAGE };
  if (target.type === 'cell' && !othersConnected.some((link) => link.type === 'cell')) {
    return { kind: 'warning', message: LAST_MODEM_WARNING };
  }
  return { kind: 'allowed' };
}

// ---- The whole form --------------------------------------------------------------------------

export interface InterfaceLimit {
  readonly port: string;
  readonly type: LinkType;
  readonly limitKbps: NumberInput;
}

export interface NetworkForm {
  readonly totalKbps: NumberInput;
  readonly cellularKbps: NumberInput;
  readonly interfaces?: ReadonlyArray<InterfaceLimit>;
  readonly priorities?: Readonly<Partial<Record<PriorityGroup, NumberInput>>>;
}

export type NetworkField = 'totalKbps' | 'cellularKbps' | `interfaces.${string}` | `priorities.${PriorityGroup}`;

/**
 * Errors of the network settings form. Keys: `totalKbps`, `cellularKbps`, `interfaces.<port>`,
 * `priorities.<group>`. The total/cellular conflict is reported on `totalKbps` (spec 000 §5 words it
 * as a rule on the total).
 */
export function networkFormErrors(form: NetworkForm): FormErrors<NetworkField> {
  const errors: FormErrors<NetworkField> = {};
  const totalError = bandwidthLimit(form.totalKbps);
  const cellularError = bandwidthLimit(form.cellularKbps);
  if (totalError !== null) errors.totalKbps = totalError;
  if (cellularError !== null) errors.cellularKbps = cellularError;
  const total = totalError === null ? limitKbps(form.totalKbps) : null;
  const cellular = cellularError === null ? limitKbps(form.cellularKbps) : null;
  if (!cellularWithinTotal(cellular, total)) errors.totalKbps = TOTAL_BELOW_CELLULAR_MESSAGE;

  for (const link of form.interfaces ?? []) {
    const key = `interfaces.${link.port}` as const;
    const own = bandwidthLimit(link.limitKbps);
    if (own !== null) {
      errors[key] = own;
      continue;
    }
    const limit = limitKbps(link.limitKbps);
    const cap = interfaceCapKbps(link.type, total, cellular);
    if (limit === null || cap === null || limit < cap) continue;
    const cappedByCellular = link.type === 'cell' && cellular !== null;
    errors[key] = formatMessage(cappedByCellular ? INTERFACE_NOT_BELOW_CELLULAR_MESSAGE : INTERFACE_NOT_BELOW_TOTAL_MESSAGE, { 0: cap });
  }

  const priorityErrors = bandwidthPriorityErrors(form.priorities ?? {});
  for (const group of PRIORITY_GROUPS) {
    const message = priorityErrors[group];
    if (message !== undefined) errors[`priorities.${group}`] = message;
  }
  return errors;
}
