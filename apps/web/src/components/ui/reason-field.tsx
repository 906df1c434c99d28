/** The "why" every billing action asks for, written to the audit log with the change. */
export function ReasonField({
  id,
  label = 'Reason',
  value,
  onChange,
  problem,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
}) {
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={500}
        rows={3}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
      />
      {problem && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
