import { encode } from 'uqr';

/** A QR code drawn here as SVG (nothing is fetched), one square per dark module, with a quiet zone around it. */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { data } = encode(value, { ecc: 'M', border: 2 });
  const modules = data.length;
  const path = data
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')))
    .join('');
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" className="rounded-lg border border-slate-200 bg-white">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
