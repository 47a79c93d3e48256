/**
 * System Settings' calls (src/protocol/rest/systemSettings.ts), each through `call(endpoint)`:
 * answers decoded with the endpoint's Schema, refusals carry their field messages. Query keys
 * live here so that a write invalidates exactly its list.
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { PageRequest } from '../../protocol/rest/common.ts';
import * as api from '../../protocol/rest/systemSettings.ts';

export const systemSettingsKeys = {
  all: ['systemSettings'] as const,
  applications: ['systemSettings', 'applications'] as const,
  vendors: ['systemSettings', 'vendors'] as const,
  ai: ['systemSettings', 'ai'] as const,
};

export const fetchApplicationPage = (request: PageRequest<api.ClientApplicationSearchKey, api.ClientApplicationSortKey>, signal: AbortSignal) =>
  call(api.listClientApplications, { query: request }, { signal });
export const createApplication = (body: api.NewClientApplication) => call(api.createClientApplication, { body });
export const updateApplication = (id: string, body: api.ClientApplicationChanges) => call(api.updateClientApplication, { params: { id }, body });
export const deleteApplication = (id: string) => call(api.deleteClientApplication, { params: { id } });

export const fetchVendorPage = (request: PageRequest<api.ModemVendorSearchKey, api.ModemVendorSortKey>, signal: AbortSignal) =>
  call(api.listModemVendors, { query: request }, { signal });
export const createVendor = (body: api.ModemVendorBody) => call(api.createModemVendor, { body });
export const updateVendor = (id: string, body: api.ModemVendorBody) => call(api.updateModemVendor, { params: { id }, body });
export const deleteVendor = (id: string) => call(api.deleteModemVendor, { params: { id } });

export const fetchAiSettings = (signal: AbortSignal) => call(api.getAiSettings, {}, { signal });
export const saveAiSettings = (body: api.AiSettingsChanges) => call(api.updateAiSettings, { body });

export async function invalidate(queryClient: QueryClient, key: readonly unknown[]): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: key });
}
