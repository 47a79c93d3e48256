/**
 * The IP pipe's state (spec 000 §4: connected, connecting, disconnecting, not connected, failed)
 * from the button's transition and the unit's l2ControlPipe application.
 */
import type { ButtonTransition } from '../../../../workers/pipeline/diff.ts';
import type { IpPipeState } from '../../../domain/units/interface.ts';

/**
 * - a pressed connect/disconnect shows connecting/disconnecting until the status arrives;
 * - l2ControlPipe absent: not connected; its state failed → failed; connecting → connecting;
 *   any other state (connected, running) → connected.
 */
export function ipPipeState(transition: ButtonTransition | null, application: { present: boolean; state: string | undefined }): IpPipeState {
  if (transition !== null && transition.button === 'ipPipe') return transition.state;
  if (!application.present) return 'notConnected';
  if (application.state === 'failed') return 'failed';
  if (application.state === 'connecting') return 'connecting';
  return 'connected';
}
