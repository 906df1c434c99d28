/** Labelled values read in a card (a profile, billing details): two columns from a tablet up, one on a phone. */
export function DetailsList({ rows }: { rows: readonly (readonly [label: string, value: string])[] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="mt-0.5 whitespace-pre-line break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
