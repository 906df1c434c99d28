import type { ComponentProps, ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';

/** The parts a dialog's content uses: its title (required for screen readers), description and close buttons. */
export const DialogTitle = RadixDialog.Title;
export const DialogDescription = RadixDialog.Description;
export const DialogClose = RadixDialog.Close;

const LOOKS = {
  /** A centred card over a dimmed page. */
  card: {
    overlay: 'fixed inset-0 z-50 bg-slate-900/60',
    content:
      'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl',
  },
  /** The whole screen, nearly black (a media viewer). */
  fullscreen: {
    overlay: 'fixed inset-0 z-50 bg-black/95',
    content: 'fixed inset-0 z-50 flex flex-col outline-none',
  },
  /** Blocks the whole page while something runs; nothing can be reached behind it. */
  blocking: {
    overlay: 'fixed inset-0 z-[100] bg-slate-900/60',
    content: 'fixed inset-0 z-[100] flex flex-col items-center justify-center gap-4 text-white outline-none',
  },
} as const;

/**
 * The one modal dialog of the portal (Radix): focus moves in and stays inside, the page behind is hidden from
 * assistive technology, and focus returns where it was on close. `onClose` is called on Escape, a click outside
 * or a DialogClose; without it (or with `dismissible` false) the dialog stays until `open` turns false.
 */
export function Dialog({
  open,
  onClose,
  dismissible = true,
  look = 'card',
  className = '',
  children,
  ...contentProps
}: {
  open: boolean;
  onClose?: () => void;
  dismissible?: boolean;
  look?: keyof typeof LOOKS;
  className?: string;
  children: ReactNode;
} & Omit<ComponentProps<typeof RadixDialog.Content>, 'className' | 'children'>) {
  const canDismiss = dismissible && onClose !== undefined;
  const stay = (event: Event) => {
    if (!canDismiss) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && canDismiss && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={LOOKS[look].overlay} />
        <RadixDialog.Content
          className={`${LOOKS[look].content} ${className}`}
          onEscapeKeyDown={stay}
          onPointerDownOutside={stay}
          {...contentProps}
        >
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The loading overlay's dialog: an icon and what is happening, blocking the page (focus is trapped in it). It is
 * loaded with this module when the overlay first shows (see loading-overlay).
 */
export function BlockingDialog({
  message,
  icon,
  onCloseAutoFocus,
}: {
  message: string;
  icon: ReactNode;
  /** Radix's own: called when it is about to put focus back where it was; `preventDefault` keeps it from doing so. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog
      open
      onCloseAutoFocus={onCloseAutoFocus}
      look="blocking"
      role="alertdialog"
      aria-busy="true"
      aria-label={message}
      aria-describedby={undefined}
      tabIndex={-1}
    >
      {icon}
      <DialogTitle asChild>
        <p className="text-lg font-semibold">{message}</p>
      </DialogTitle>
    </Dialog>
  );
}
