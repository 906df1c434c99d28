import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

interface Overlay {
  show(message: string): void;
  hide(): void;
}

const OverlayContext = createContext<Overlay>({ show: () => undefined, hide: () => undefined });

const spinner = (
  <span
    className="h-10 w-10 animate-spin rounded-full border-4 border-white/30 border-t-white"
    aria-hidden="true"
  />
);

// The dialog code is loaded when the overlay first shows, so the first script every page loads stays small.
const BlockingDialog = lazy(() => import('./dialog').then((m) => ({ default: m.BlockingDialog })));

/**
 * The global loading overlay of both layouts: blocks the page and says what is happening. It is a modal dialog
 * (focus trapped in it); for the moment its code loads, the same overlay shows without the dialog.
 */
export function LoadingOverlayProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const show = useCallback((m: string) => setMessage(m), []);
  const hide = useCallback(() => setMessage(null), []);
  const value = useMemo(() => ({ show, hide }), [show, hide]);
  return (
    <OverlayContext.Provider value={value}>
      {children}
      {message !== null && (
        <Suspense
          fallback={
            <div
              className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-4 bg-slate-900/60 text-white"
              role="alertdialog"
              aria-modal="true"
              aria-busy="true"
              aria-label={message}
            >
              {spinner}
              <p className="text-lg font-semibold">{message}</p>
            </div>
          }
        >
          <BlockingDialog message={message} icon={spinner} />
        </Suspense>
      )}
    </OverlayContext.Provider>
  );
}

export const useLoadingOverlay = () => useContext(OverlayContext);
