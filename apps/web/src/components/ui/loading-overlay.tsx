import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Dialog, DialogTitle } from './dialog';

interface Overlay {
  show(message: string): void;
  hide(): void;
}

const OverlayContext = createContext<Overlay>({ show: () => undefined, hide: () => undefined });

/**
 * The global loading overlay of both layouts: blocks the page and says what is happening. It is a modal dialog,
 * so focus is trapped in it and nothing behind it can be reached by keyboard until it goes.
 */
export function LoadingOverlayProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const show = useCallback((m: string) => setMessage(m), []);
  const hide = useCallback(() => setMessage(null), []);
  const value = useMemo(() => ({ show, hide }), [show, hide]);
  return (
    <OverlayContext.Provider value={value}>
      {children}
      <Dialog
        open={message !== null}
        look="blocking"
        role="alertdialog"
        aria-busy="true"
        aria-label={message ?? undefined}
        aria-describedby={undefined}
        tabIndex={-1}
      >
        <span
          className="h-10 w-10 animate-spin rounded-full border-4 border-white/30 border-t-white"
          aria-hidden="true"
        />
        <DialogTitle asChild>
          <p className="text-lg font-semibold">{message}</p>
        </DialogTitle>
      </Dialog>
    </OverlayContext.Provider>
  );
}

export const useLoadingOverlay = () => useContext(OverlayContext);
