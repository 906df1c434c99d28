import { Dialog, DialogTitle } from './dialog';
import { OverlayBody } from './loading-overlay';

/** The loading overlay as a Radix modal: focus is trapped in it and nothing behind it can be reached. */
export default function BlockingDialog({ message }: { message: string }) {
  return (
    <Dialog open look="blocking" role="alertdialog" aria-busy="true" aria-label={message} aria-describedby={undefined} tabIndex={-1}>
      <OverlayBody message={message} Title={DialogTitle} />
    </Dialog>
  );
}
