import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@/lib/api-client';

const mutateAsync = vi.fn();
vi.mock('@/features/content/api/content-import', () => ({ useContentImport: () => ({ mutateAsync, isPending: false }) }));
const { ContentImport } = await import('./content-import');

afterEach(() => {
  cleanup();
  mutateAsync.mockReset();
});

const fileInput = () => screen.getByLabelText('Content file (.json)') as HTMLInputElement;
const upload = () => screen.getByRole('button', { name: 'Upload' });
/** A chosen file (jsdom's files cannot read themselves: `text` is given). */
function choose(name: string, text: string) {
  const file = Object.assign(new File([text], name, { type: 'application/json' }), { text: () => Promise.resolve(text) });
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

describe('the content import form', () => {
  it('refuses a submit without a file: nothing is sent, the file input says why and has the focus', async () => {
    render(<ContentImport />);
    expect(upload()).toHaveProperty('disabled', true);
    fireEvent.submit(upload().closest('form')!);
    expect(await screen.findByText('Choose a content file.')).toBeTruthy();
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
    expect(fileInput().getAttribute('aria-describedby')).toBe(screen.getByText('Choose a content file.').id);
    expect(document.activeElement).toBe(fileInput());
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('sends what the file holds with the replace choice, and shows what was imported', async () => {
    mutateAsync.mockResolvedValue({ collections: [], ignored: [], replaced: true });
    render(<ContentImport />);
    choose('content.json', '{"faqs":{}}');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Replace what the file holds' }));
    fireEvent.click(upload());
    expect(await screen.findByText('Replaced what content.json holds:')).toBeTruthy();
    expect(mutateAsync).toHaveBeenCalledWith({ content: { faqs: {} }, replace: true });
  });

  it('says a file that is not JSON is not, on the file input, without sending it', async () => {
    render(<ContentImport />);
    choose('broken.json', '{');
    fireEvent.click(upload());
    const message = await screen.findByText(/^broken\.json is not valid JSON: /);
    expect(fileInput().getAttribute('aria-describedby')).toBe(message.id);
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal as the form’s error, gone once another file is chosen', async () => {
    mutateAsync.mockRejectedValue(new ApiError(413, 'TOO_LARGE', 'The file is too large.'));
    render(<ContentImport />);
    choose('content.json', '{}');
    fireEvent.click(upload());
    expect((await screen.findByRole('alert')).textContent).toBe('The file is too large.');
    choose('other.json', '{}');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
