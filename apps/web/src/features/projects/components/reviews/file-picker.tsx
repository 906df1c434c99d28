import { forwardRef } from 'react';

/**
 * The hidden file input behind an "Add..." button: the button opens it (`ref.current.click()`), and the chosen files
 * are handed over and the input emptied, so the same file can be chosen again.
 */
export const FilePicker = forwardRef<HTMLInputElement, { accept: string; multiple?: boolean; testId: string; onFiles: (files: File[]) => void }>(
  function FilePicker({ accept, multiple = false, testId, onFiles }, ref) {
    return (
      <input
        ref={ref}
        type="file"
        accept={accept}
        multiple={multiple}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={testId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    );
  },
);
