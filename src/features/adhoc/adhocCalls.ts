/**
 * REST calls of the add-device and guest-interview modals (spec 002 §7 "Groups (legacy)"), each
 * resolving with the server's JSON or rejecting with an ApiError carrying the server's message.
 * Shapes are the server's answers (src/server/routes/groupAdhoc.ts); the current group is sent as
 * crnt_vcg_uid as spec 002 §7 says "many calls carry the current group id".
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/http.ts';
import type { AdhocPeriod, DeviceKind, InviteChannel, KeyRegeneration, UsageReset } from '../../domain/adhoc.ts';

export interface AdhocRegistrationView {
  groupId: string;
  mode: DeviceKind;
  planKind: string;
  period: AdhocPeriod;
  code: string;
  joinLink: string;
  /** ms since epoch */
  expiresAt: number;
}

export interface PermanentRegistrationView {
  groupId: string;
  kind: DeviceKind;
  planKind: string;
  key: string;
  joinLink: string;
  keyRegeneration: KeyRegeneration;
  usageReset: UsageReset;
  regeneratedAt: number;
  nextRegenerationAt: number | null;
  nextUsageResetAt: number | null;
}

export interface RegisteredUnit {
  uid: string;
  name: string;
  type: string;
}

export interface InvitationAnswer {
  id: string;
  channel: InviteChannel;
  to: string[];
  deviceName: string;
  link: string;
  recorded: boolean;
  delivered: boolean;
  transport: string;
}

export interface InviteRequest {
  to: string;
  deviceName: string;
  mode: DeviceKind;
  guest?: boolean;
  period?: AdhocPeriod;
}

const group = (groupId: string) => `groups/${encodeURIComponent(groupId)}`;

export const adhocKey = (groupId: string, mode: DeviceKind) => ['session', 'adhoc', groupId, mode] as const;
export const permanentKey = (groupId: string) => ['session', 'adhoc', groupId, 'permanent'] as const;

export const fetchAdhoc = (groupId: string, mode: DeviceKind) =>
  apiRequest(`${group(groupId)}/adhoc`, { query: { crnt_vcg_uid: groupId, mode } }) as Promise<AdhocRegistrationView>;

export const putAdhoc = (groupId: string, body: { mode: DeviceKind; period?: AdhocPeriod; deviceName?: string }) =>
  apiRequest(`${group(groupId)}/adhoc`, { method: 'PUT', query: { crnt_vcg_uid: groupId }, body }) as Promise<{ registration: AdhocRegistrationView; unit?: RegisteredUnit }>;

export const fetchPermanent = (groupId: string, regenerate = false) =>
  apiRequest(`${group(groupId)}/permanent`, { query: { crnt_vcg_uid: groupId, ...(regenerate ? { regenerate: true } : {}) } }) as Promise<PermanentRegistrationView>;

export const putPermanent = (groupId: string, body: { kind?: DeviceKind; keyRegeneration?: KeyRegeneration; usageReset?: UsageReset }) =>
  apiRequest(`${group(groupId)}/permanent`, { method: 'PUT', query: { crnt_vcg_uid: groupId }, body }) as Promise<PermanentRegistrationView>;

export const sendInvitation = (groupId: string, channel: InviteChannel, body: InviteRequest) =>
  apiRequest(`${group(groupId)}/${channel}`, { method: 'POST', query: { crnt_vcg_uid: groupId }, body }) as Promise<InvitationAnswer>;

export const useAdhocRegistration = (groupId: string, mode: DeviceKind) =>
  useQuery({ queryKey: adhocKey(groupId, mode), queryFn: () => fetchAdhoc(groupId, mode), staleTime: 0 });

export const usePermanentRegistration = (groupId: string) =>
  useQuery({ queryKey: permanentKey(groupId), queryFn: () => fetchPermanent(groupId), staleTime: 0 });

/** PUT adhoc; the answer's registration replaces the cached one. */
export function usePutAdhoc(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { mode: DeviceKind; period?: AdhocPeriod; deviceName?: string }) => putAdhoc(groupId, body),
    onSuccess: (answer) => queryClient.setQueryData(adhocKey(groupId, answer.registration.mode), answer.registration),
    onError: () => undefined, // every caller shows the failure in place (no global toast)
  });
}

/** PUT permanent, or a new key (GET permanent?regenerate=true); the answer replaces the cached one. */
export function usePermanentChange(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { regenerate: true } | { kind?: DeviceKind; keyRegeneration?: KeyRegeneration; usageReset?: UsageReset }) =>
      'regenerate' in change ? fetchPermanent(groupId, true) : putPermanent(groupId, change),
    onSuccess: (answer) => queryClient.setQueryData(permanentKey(groupId), answer),
    onError: () => undefined, // every caller shows the failure in place (no global toast)
  });
}
