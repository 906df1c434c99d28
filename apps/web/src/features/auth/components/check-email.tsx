import type { ReactNode } from 'react';
import { MailCheck } from 'lucide-react';

/**
 * What sign-up shows once it is sent: the address a link went to, the way to ask for another (`resend`), and what
 * comes after following it (`next`, e.g. the chosen plan). The same for every address, whether or not it already
 * had an account (its owner got an e-mail saying so instead).
 */
export function CheckEmail({ email, next, resend, onChangeEmail }: { email: string; next?: ReactNode; resend: ReactNode; onChangeEmail: () => void }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <MailCheck className="mx-auto h-10 w-10 text-brand-700" aria-hidden="true" />
        <h1 className="mt-3 text-center text-2xl font-bold text-slate-900">Check your email</h1>
        <p role="status" className="mt-3 text-center text-sm text-slate-700">
          We sent an email to <strong className="break-all">{email}</strong>. Follow the link in it to finish creating your account and sign in.
        </p>
        {next}
        <p className="mt-6 text-sm text-slate-600">
          The link works for 24 hours. No email after a few minutes? Check your spam folder, or send a new link.
        </p>
        <div className="mt-3">{resend}</div>
        <p className="mt-6 text-center text-sm text-slate-700">
          Wrong address?{' '}
          <button type="button" onClick={onChangeEmail} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Use a different email
          </button>
        </p>
      </div>
    </div>
  );
}
