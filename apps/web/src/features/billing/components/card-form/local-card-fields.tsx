import { useId, useImperativeHandle, useState, type Ref } from 'react';
import type { PaymentsConfig } from '@portal/contracts/billing';
import { TokenizeError, tokenizeWithSandbox, type TokenizeField } from '../../api/tokenize-card';
import { detectBrand, digitsOf, formatCardNumber, formatExpiry, parseExpiry, validateCard, type CardErrors, type CardFields } from './card-input';
import type { CardFormHandle } from './card-form-handle';

const FROM_TOKENIZER: Record<TokenizeField, keyof CardFields> = {
  cardNumber: 'number',
  expirationDate: 'expiry',
  cvv: 'cvv',
  postalCode: 'postalCode',
};

const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600';

/** Our own card fields for the local Square sandbox: card data goes to the sandbox's tokenizer only. */
export function LocalCardFields({ config, ref, disabled }: { config: PaymentsConfig; ref: Ref<CardFormHandle>; disabled?: boolean }) {
  const id = useId();
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvv: '', postalCode: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const brand = detectBrand(fields.number);

  useImperativeHandle(ref, () => ({
    async tokenize() {
      const found = validateCard(fields);
      setErrors(found);
      if (Object.keys(found).length > 0) return null;
      const expiry = parseExpiry(fields.expiry)!;
      try {
        return await tokenizeWithSandbox(config, {
          number: digitsOf(fields.number),
          expMonth: expiry.month,
          expYear: expiry.year,
          cvv: fields.cvv.trim(),
          postalCode: fields.postalCode.trim(),
        });
      } catch (error) {
        if (!(error instanceof TokenizeError)) throw error;
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([f, m]) => [FROM_TOKENIZER[f as TokenizeField], m])));
        return null;
      }
    },
  }));

  const set = (name: keyof CardFields, value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const checkOne = (name: keyof CardFields) => {
    if (!fields[name]) return;
    setErrors((e) => ({ ...e, [name]: validateCard(fields)[name] }));
  };

  const field = (name: keyof CardFields, label: string, props: React.InputHTMLAttributes<HTMLInputElement>, format = (v: string) => v) => {
    const inputId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={inputId}
          className={inputClass}
          value={fields[name]}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => set(name, format(e.target.value))}
          onBlur={() => checkOne(name)}
          {...props}
        />
        {error && (
          <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="space-y-4">
      <div className="relative">
        {field('number', 'Card number', { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '1234 5678 9012 3456' }, formatCardNumber)}
        {digitsOf(fields.number).length > 0 && brand.id !== 'UNKNOWN' && (
          <span className="absolute right-3 top-8 rounded bg-slate-100 px-2 py-1 text-xs font-semibold text-slate-700" aria-live="polite">
            {brand.label}
          </span>
        )}
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {field('expiry', 'Expiry (MM / YY)', { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM / YY' }, formatExpiry)}
        {field('cvv', 'CVV', { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: brand.cvvLength, placeholder: brand.cvvLength === 4 ? '1234' : '123' }, digitsOf)}
        <div className="col-span-2 sm:col-span-1">
          {field('postalCode', 'Postal code', { autoComplete: 'postal-code', maxLength: 10, placeholder: '94103' })}
        </div>
      </div>
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
        Test mode: use a Square Sandbox test card such as 4111 1111 1111 1111, any future expiry, CVV 111 and any postal code.
      </p>
    </div>
  );
}
