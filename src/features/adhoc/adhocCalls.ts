/**
 * REST calls of the add-device and guest-interview modals (spec 002 §7 "Groups (legacy)"), through
 * the contract (src/protocol/rest/adhoc.ts): each resolves with the decoded answer or rejects with
 * an ApiError carrying the server's message and, for a refused form, its `fields`. The current
 * group is sent as crnt_vcg_uid as spec 002 §7 says "many calls carry the current group id".
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import type { DeviceKind, InviteChannel } from '../../domain/adhoc.ts';
import {
  changeAdhocRegistration,
  changePermanentRegistration,
  getAdhocRegistration,
  getPermanentRegistration,
  INVITATION_ENDPOINTS,
  type AdhocChange,
  type AdhocChangeAnswer,
  type AdhocRegistrationView,
  type InvitationAnswer,
  type InvitationRequest,
  type PermanentChange,
  type PermanentRegistrationView,
} from '../../protocol/rest/adhoc.ts';

export type { AdhocRegistrationView, InvitationAnswer, PermanentRegistrationView } from '../../protocol/rest/adhoc.ts';
export type InviteRequest = InvitationRequest;

export const adhocKey = (groupId: string, mode: DeviceKind) => ['session', 'adhoc', groupId, mode] as const;
export const permanentKey = (groupId: string) => ['session', 'adhoc', groupId, 'permanent'] as const;

const inGroup = (groupId: string) => ({ params: { groupId }, query: { crnt_vcg_uid: groupId } });

export const fetchAdhoc = (groupId: string, mode: DeviceKind): Promise<AdhocRegistrationView> =>
  call(getAdhocRegistration, { params: { groupId }, query: { crnt_vcg_uid: groupId, mode } });

/** The AdhocChange with the device kind the modal is on (the server's default is smart). */
export type AdhocPut = AdhocChange & { readonly mode: DeviceKind };

export const putAdhoc = (groupId: string, body: AdhocPut): Promise<AdhocChangeAnswer> => call(changeAdhocRegistration, { ...inGroup(groupId), body });

export const fetchPermanent = (groupId: string, regenerate = false): Promise<PermanentRegistrationView> =>
  call(getPermanentRegistration, { params: { groupId }, query: { crnt_vcg_uid: groupId, ...(regenerate ? { regenerate: true } : {}) } });

export const putPermanent = (groupId: string, body: PermanentChange): Promise<PermanentRegistrationView> => call(changePermanentRegistration, { ...inGroup(groupId), body });

export const sendInvitation = (groupId: string, channel: InviteChannel, body: InviteRequest): Promise<InvitationAnswer> =>
  call(INVITATION_ENDPOINTS[channel], { ...inGroup(groupId), body });

export const useAdhocRegistration = (groupId: string, mode: DeviceKind) =>
  useQuery({ queryKey: adhocKey(groupId, mode), queryFn: () => fetchAdhoc(groupId, mode), staleTime: 0 });

export const usePermanentRegistration = (groupId: string) =>
  useQuery({ queryKey: permanentKey(groupId), queryFn: () => fetchPermanent(groupId), staleTime: 0 });

/** PUT adhoc; the answer's registration replaces the cached one. */
export function usePutAdhoc(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdhocPut) => putAdhoc(groupId, body),
    onSuccess: (answer) => queryClient.setQueryData(adhocKey(groupId, answer.registration.mode), answer.registration),
    onError: () => undefined, // every caller shows the failure in place (no global toast)
  });
}

/** PUT permanent, or a new key (GET permanent?regenerate=true); the answer replaces the cached one. */
export function usePermanentChange(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { regenerate: true } | PermanentChange) => ('regenerate' in change ? fetchPermanent(groupId, true) : putPermanent(groupId, change)),
    onSuccess: (answer) => queryClient.setQueryData(permanentKey(groupId), answer),
    onError: () => undefined, // every caller shows the failure in place (no global toast)
  });
}
