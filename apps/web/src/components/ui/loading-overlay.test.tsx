import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingOverlayProvider, useLoadingOverlay } from './loading-overlay';

afterEach(cleanup);

let overlay: ReturnType<typeof useLoadingOverlay>;
/** A Submit button that shows the overlay, and a field to fix. */
function Form() {
  overlay = useLoadingOverlay();
  return (
    <>
      <button type="button" onClick={() => overlay.show('Submitting your responses...')}>Submit</button>
      <textarea aria-label="Answer" />
    </>
  );
}

/** Shows the overlay from the focused Submit button and waits until its dialog holds focus. */
async function showFromSubmit() {
  render(<LoadingOverlayProvider><Form /></LoadingOverlayProvider>);
  const submit = screen.getByRole('button', { name: 'Submit' });
  const answer = screen.getByRole('textbox', { name: 'Answer' });
  submit.focus();
  act(() => submit.click());
  await waitFor(() => expect(document.activeElement?.closest('[role=alertdialog][data-state=open]')).not.toBeNull());
  return { submit, answer };
}

/** Until the dialog is gone and past its own return of focus, which comes a moment after it closes. */
async function overlayGone() {
  await waitFor(() => expect(document.querySelector('[role=alertdialog]')).toBeNull());
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

describe('the loading overlay', () => {
  it('puts focus on the element asked for once it is gone, not back on the button that opened it', async () => {
    const { answer } = await showFromSubmit();
    act(() => overlay.hide(answer));
    await overlayGone();
    expect(document.activeElement).toBe(answer);
  });

});
