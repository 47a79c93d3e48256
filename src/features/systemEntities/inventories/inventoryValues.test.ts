import { describe, expect, it } from 'vitest';
import { Result, Schema } from 'effect';
import { inventoryFormErrors } from '../../../domain/inventories.ts';
import { InventoryChanges, NewInventory, type InventoryDetails } from '../../../protocol/rest/inventories.ts';
import { formOf, inventoryChangesBody, newInventoryBody, valuesOf } from './inventoryValues.ts';

const STORED: InventoryDetails = {
  id: 'INV-1',
  name: 'Newsroom',
  region: 'us-east',
  customer: 'Demo',
  parentId: 'INV-0',
  parentName: 'Top',
  groupCount: 2,
  unitCount: 10,
  userCount: 3,
  createdAt: 1,
  autoGroup: true,
  sipServer: 'sip.example.com',
  identityProvider: '',
  userLicences: 25,
  features: { mapView: true, reboot: false, lux: true, vsim: false, ptmp: false, gauge: false, socialMedia: false, externalPreview: false, mpRegisteredUser: false, mpContributor: false, mjpegPreview: false },
  properties: { billing: 'B-17' },
  defaultSwVersions: { fieldUnits: '8.5.2' },
};

describe('the inventory form’s values', () => {
  it('starts a new inventory with every flag off, every version field empty, no property, no limit', () => {
    const values = valuesOf(null);
    expect(Object.values(values.features).every((on) => !on)).toBe(true);
    expect(Object.keys(values.defaultSwVersions)).toHaveLength(10);
    expect(Object.values(values.defaultSwVersions).every((v) => v === '')).toBe(true);
    expect(values).toMatchObject({ name: '', parentId: '', userLicences: '', properties: [], autoGroup: false });
    expect(inventoryFormErrors(formOf(values), { currentId: null, parentOf: new Map() })).toEqual({ name: 'This field is required' });
  });

  it('edits a stored inventory and sends back what the contract accepts, trimmed', () => {
    const values = valuesOf(STORED);
    expect(values).toMatchObject({ name: 'Newsroom', parentId: 'INV-0', userLicences: 25, properties: [{ key: 'billing', value: 'B-17' }] });
    expect(values.defaultSwVersions.fieldUnits).toBe('8.5.2');
    const edited = { ...values, name: ' Newsroom-2 ', region: ' eu ', parentId: '', userLicences: '', properties: [...values.properties, { key: ' site ', value: 'north' }] };
    const body = inventoryChangesBody(edited);
    expect(body).toMatchObject({ name: 'Newsroom-2', region: 'eu', parentId: null, userLicences: null, properties: { billing: 'B-17', site: 'north' } });
    expect(body).not.toHaveProperty('autoGroup'); // chosen at creation only
    expect(Result.isSuccess(Schema.decodeUnknownResult(InventoryChanges)(body))).toBe(true);
  });

  it('sends the auto group choice with a new inventory', () => {
    const body = newInventoryBody({ ...valuesOf(null), name: 'Night-Desk', autoGroup: true, userLicences: 5 });
    expect(body).toMatchObject({ name: 'Night-Desk', autoGroup: true, userLicences: 5, parentId: null });
    expect(Result.isSuccess(Schema.decodeUnknownResult(NewInventory)(body))).toBe(true);
  });
});
