/** A toast shown at the top right; auto-closes after TOAST_AUTO_CLOSE_MS. Shared by server and browser code. */
export type ToastKind = 'success' | 'error' | 'info';

export interface ToastMessage {
  id: string;
  kind: ToastKind;
  message: string;
}

let counter = 0;
export function toast(kind: ToastKind, message: string): ToastMessage {
  counter += 1;
  return { id: `${Date.now()}-${counter}`, kind, message };
}
