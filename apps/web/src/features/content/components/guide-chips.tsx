import type { HelpGuide, UserLevel } from '@portal/contracts/content';

const LEVEL_STYLE: Record<UserLevel, string> = {
  beginner: 'bg-green-100 text-green-900',
  intermediate: 'bg-amber-100 text-amber-900',
  advanced: 'bg-rose-100 text-rose-900',
};

const chip = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

/** Category, user level and console types of a guide, as chips. */
export function GuideChips({ guide }: { guide: HelpGuide }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Category, level and console types">
      {guide.category && <li className={`${chip} bg-brand-100 text-brand-900`}>{guide.category}</li>}
      <li className={`${chip} capitalize ${LEVEL_STYLE[guide.userLevel]}`}>{guide.userLevel}</li>
      {guide.consoleTypes.map((type) => (
        <li key={type} className={`${chip} bg-slate-100 text-slate-800`}>
          {type}
        </li>
      ))}
    </ul>
  );
}
