import type { HelpGuide } from '@portal/contracts/help';
import { GuideChips } from './guide-chips';
import { hiddenMatches } from './guide-search';
import { Highlight } from './highlight';

export function GuideCard({
  guide,
  query,
  onOpen,
}: {
  guide: HelpGuide;
  query: string;
  onOpen(guide: HelpGuide): void;
}) {
  return (
    <li className="relative flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-300">
      <h2 className="text-lg font-bold text-slate-900">
        {/* The whole card opens the guide: the button's area covers it. */}
        <button
          type="button"
          className="text-left after:absolute after:inset-0 focus:outline-none"
          onClick={() => onOpen(guide)}
        >
          <Highlight text={guide.title} query={query} />
        </button>
      </h2>
      <p className="text-sm text-slate-700">
        <Highlight text={guide.description} query={query} />
      </p>
      <GuideChips guide={guide} query={query} />
      <p className="text-xs font-medium text-slate-600">
        <span className="sr-only">Navigation path: </span>
        <Highlight text={guide.navigation} query={query} />
      </p>
      {hiddenMatches(guide, query).map(({ field, values }) => (
        <p key={field} className="text-xs text-slate-700">
          matched in {field}: <Highlight text={values.join(', ')} query={query} />
        </p>
      ))}
    </li>
  );
}
