import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** The recovery codes, shown once: each signs in once when the authenticator app is not at hand. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are not shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid max-w-md grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true), () => setCopied(false))}
        >
          {copied ? 'Copied' : 'Copy Codes'}
        </Button>
        <Button variant="secondary" onClick={download}>
          Download Codes
        </Button>
      </div>
    </div>
  );
}
