import { Notifications } from '@mantine/notifications';
import { TOAST_DEFAULT_DURATION_MS, TOAST_GAP_PX, TOAST_MAX_VISIBLE, TOAST_STACK_MAX_PX, TOAST_WIDTH_PX, TOAST_Z_INDEX } from '../domain/constants.ts';

/**
 * The toasts' container (spec 002 §9: at most 5 shown, 3 s by default; below dialogs,
 * TOAST_Z_INDEX; bottom-left, in the shell's toast lane). Mounted by toastLane.tsx.
 */
export default function ToastLaneContainer() {
  return (
    <Notifications
      limit={TOAST_MAX_VISIBLE}
      autoClose={TOAST_DEFAULT_DURATION_MS}
      position="bottom-left"
      zIndex={TOAST_Z_INDEX}
      containerWidth={TOAST_WIDTH_PX}
      // The stack never grows out of the lane: while one toast leaves as a sixth comes, the one
      // leaving is cut at the lane's top (the stack is bottom-aligned, its overflow hidden).
      styles={{
        root: { maxHeight: TOAST_STACK_MAX_PX, overflow: 'hidden', display: 'flex', flexDirection: 'column', justifyContent: 'flex-end' },
        notification: { marginTop: TOAST_GAP_PX, flex: 'none' },
      }}
    />
  );
}
