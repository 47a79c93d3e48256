/**
 * The inventory form's values and how they become the contract's bodies: what the drawer edits
 * (texts as typed, every feature flag as a switch, one version field per unit type group,
 * properties as key/value rows) and the domain's form (src/domain/inventories.ts) that checks it.
 */
import { DEFAULT_VERSION_GROUPS, featureSwitchesOf, userLicencesOf, type InventoryForm, type PropertyRow } from '../../../domain/inventories.ts';
import type { InventoryFeatureFlag } from '../../../domain/roles/roleSets.ts';
import type { UnitTypeGroup } from '../../../domain/units/productTypes.ts';
import type { InventoryChanges, InventoryDetails, NewInventory } from '../../../protocol/rest/inventories.ts';

export interface InventoryValues extends Record<string, unknown> {
  name: string;
  region: string;
  customer: string;
  /** '' for a top-level inventory. */
  parentId: string;
  autoGroup: boolean;
  sipServer: string;
  identityProvider: string;
  /** '' for no limit (Mantine's NumberInput gives a number, or '' when empty). */
  userLicences: string | number;
  features: Record<InventoryFeatureFlag, boolean>;
  defaultSwVersions: Record<UnitTypeGroup, string>;
  properties: PropertyRow[];
}

/** The form's values for an inventory, or for a new one (every flag off, no versions, no properties). */
export function valuesOf(inventory: InventoryDetails | null): InventoryValues {
  const versions: Partial<Record<string, string>> = inventory?.defaultSwVersions ?? {};
  return {
    name: inventory?.name ?? '',
    region: inventory?.region ?? '',
    customer: inventory?.customer ?? '',
    parentId: inventory?.parentId ?? '',
    autoGroup: inventory?.autoGroup ?? false,
    sipServer: inventory?.sipServer ?? '',
    identityProvider: inventory?.identityProvider ?? '',
    userLicences: inventory?.userLicences ?? '',
    features: { ...(inventory?.features ?? featureSwitchesOf([])) },
    defaultSwVersions: Object.fromEntries(DEFAULT_VERSION_GROUPS.map((group) => [group, versions[group] ?? ''])) as Record<UnitTypeGroup, string>,
    properties: Object.entries(inventory?.properties ?? {}).map(([key, value]) => ({ key, value })),
  };
}

/** The values as the domain's rules read them. */
export function formOf(values: InventoryValues): InventoryForm {
  return {
    name: values.name,
    region: values.region,
    customer: values.customer,
    parentId: values.parentId === '' ? null : values.parentId,
    sipServer: values.sipServer,
    identityProvider: values.identityProvider,
    userLicences: values.userLicences,
    defaultSwVersions: values.defaultSwVersions,
    properties: values.properties,
  };
}

/** Every field but the auto group (which only a new inventory has). */
function common(values: InventoryValues) {
  return {
    name: values.name.trim(),
    region: values.region.trim(),
    customer: values.customer.trim(),
    parentId: values.parentId === '' ? null : values.parentId,
    sipServer: values.sipServer.trim(),
    identityProvider: values.identityProvider.trim(),
    userLicences: userLicencesOf(values.userLicences),
    features: values.features,
    // Rows in order, so that a refusal's `properties.<row>.key` names the row the user sees.
    properties: Object.fromEntries(values.properties.map((row) => [row.key.trim(), row.value])),
    // Blank versions are "none"; the server drops them.
    defaultSwVersions: values.defaultSwVersions,
  };
}

export const newInventoryBody = (values: InventoryValues): NewInventory => ({ ...common(values), autoGroup: values.autoGroup });

export const inventoryChangesBody = (values: InventoryValues): InventoryChanges => common(values);
