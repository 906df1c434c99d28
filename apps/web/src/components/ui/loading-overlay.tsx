import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

interface Overlay {
  show(message: string): void;
  /** `focus`: where focus goes once the overlay is gone (a field to fix, say), instead of where it was before. */
  hide(focus?: HTMLElement | null): void;
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
  const focusAfter = useRef<HTMLElement | null>(null);
  const show = useCallback((m: string) => {
    focusAfter.current = null;
    setMessage(m);
  }, []);
  const hide = useCallback((focus?: HTMLElement | null) => {
    focusAfter.current = focus ?? null;
    setMessage(null);
  }, []);
  const value = useMemo(() => ({ show, hide }), [show, hide]);
  // While the overlay shows, its dialog keeps focus inside it, and on closing it puts focus back where it was a
  // moment later: the element asked for is focused once the overlay is gone, and again in place of that return.
  useEffect(() => {
    if (message === null) focusAfter.current?.focus();
  }, [message]);
  const focusAskedFor = useCallback((event: Event) => {
    if (!focusAfter.current) return;
    event.preventDefault();
    focusAfter.current.focus();
  }, []);
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
          <BlockingDialog message={message} icon={spinner} onCloseAutoFocus={focusAskedFor} />
        </Suspense>
      )}
    </OverlayContext.Provider>
  );
}

export const useLoadingOverlay = () => useContext(OverlayContext);
