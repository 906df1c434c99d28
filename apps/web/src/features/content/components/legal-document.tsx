export const LEGAL_LAST_UPDATED = 'July 21, 2025';
export const CONTACT_EMAIL = 'support@yourbusinessyourapp.com';

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | string[];

export interface LegalSection {
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

/** A legal page: title, date, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm font-semibold text-slate-600">Last Updated: {LEGAL_LAST_UPDATED}</p>
      <p className="mt-6 text-slate-800">{intro}</p>
      <nav aria-label="Sections" className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5">
        <ol className="grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} className="mt-10 scroll-mt-6">
          <h2 className="text-xl font-bold text-slate-900">
            {i + 1}. {s.heading}
          </h2>
          {s.blocks.map((block, j) =>
            typeof block === 'string' ? (
              <p key={j} className="mt-3 leading-relaxed text-slate-800">
                {block}
              </p>
            ) : (
              <ul key={j} className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-800">
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </article>
  );
}
