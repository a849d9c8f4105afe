import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '@jara/contracts';
import type { ToastMessage } from '~/lib/toast';

interface ToastApi {
  show: (toast: ToastMessage) => void;
}

const ToastContext = createContext<ToastApi>({ show: () => undefined });

/**
 * Holds the toast at the top right: one at a time, a new one replaces the one showing (issue 22: a stale error stayed
 * above the success that followed it). `flash` is the session flash of the root loader (survives redirects).
 */
export function ToastProvider({ flash, children }: { flash: ToastMessage | null; children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>(() => (flash ? [flash] : []));
  const seen = useRef(new Set<string>(flash ? [flash.id] : []));

  const show = useCallback((toast: ToastMessage) => {
    if (seen.current.has(toast.id)) return;
    seen.current.add(toast.id);
    setToasts([toast]);
  }, []);

  const close = useCallback((id: string) => {
    setToasts((current) => current.filter((item) => item.id !== id));
  }, []);

  useEffect(() => {
    if (flash) show(flash);
  }, [flash, show]);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={close} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onClose }: { toast: ToastMessage; onClose: (id: string) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onClose(toast.id), TOAST_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onClose]);
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span className="toast-message">{toast.message}</span>
      <button type="button" className="toast-close" aria-label="Close" onClick={() => onClose(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

/** Shows the toast an action returned (each toast id once). */
export function useActionToast(toast: ToastMessage | null | undefined): void {
  const { show } = useToast();
  useEffect(() => {
    if (toast) show(toast);
  }, [toast, show]);
}
