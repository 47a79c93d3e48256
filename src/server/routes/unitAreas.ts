/**
 * Every route area of the unit calls of spec 000 §7, in registration order. Registered by
 * buildApp (app.ts) with the core areas; live calls need `attachUnitRuntime(store, ...)`.
 */
import type { RouteArea } from './area.ts';
import { unitsArea } from './units.ts';
import { unitCommandsArea } from './unitCommands.ts';
import { unitStreamingArea } from './unitStreaming.ts';
import { unitSettingsArea } from './unitSettings.ts';
import { unitStorageArea } from './unitStorage.ts';
import { unitSocialArea } from './unitSocial.ts';
import { unitVideoReturnArea } from './unitVideoReturn.ts';
import { unitLinksArea } from './unitLinks.ts';
import { unitAdminArea } from './unitAdmin.ts';
import { unitIpPipeArea } from './unitIpPipe.ts';
import { unitMultiCameraArea } from './unitMultiCamera.ts';
import { unitIntercomArea } from './unitIntercom.ts';
import { unitDatabridgeArea } from './unitDatabridge.ts';
import { unitBandwidthArea } from './unitBandwidth.ts';
import { unitPreviewArea } from './unitPreview.ts';

export { type UnitRuntime } from './unitKit.ts';

export const UNIT_AREAS: readonly RouteArea[] = [
  unitsArea,
  unitCommandsArea,
  unitStreamingArea,
  unitSettingsArea,
  unitStorageArea,
  unitSocialArea,
  unitVideoReturnArea,
  unitLinksArea,
  unitAdminArea,
  unitIpPipeArea,
  unitMultiCameraArea,
  unitIntercomArea,
  unitDatabridgeArea,
  unitBandwidthArea,
  unitPreviewArea,
];
