import type { HelpGuide, UserLevel } from '@portal/contracts/help';
import { Highlight } from './highlight';

const LEVEL_STYLE: Record<UserLevel, string> = {
  beginner: 'bg-green-100 text-green-900',
  intermediate: 'bg-amber-100 text-amber-900',
  advanced: 'bg-rose-100 text-rose-900',
};

const chip = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

/** Category, user level and console types of a guide, as chips, with any match of the search marked. */
export function GuideChips({ guide, query = '' }: { guide: HelpGuide; query?: string }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Category, level and console types">
      {guide.category && (
        <li className={`${chip} bg-brand-100 text-brand-900`}>
          <Highlight text={guide.category} query={query} />
        </li>
      )}
      <li className={`${chip} capitalize ${LEVEL_STYLE[guide.userLevel]}`}>
        <Highlight text={guide.userLevel} query={query} />
      </li>
      {guide.consoleTypes.map((type) => (
        <li key={type} className={`${chip} bg-slate-100 text-slate-800`}>
          <Highlight text={type} query={query} />
        </li>
      ))}
    </ul>
  );
}
