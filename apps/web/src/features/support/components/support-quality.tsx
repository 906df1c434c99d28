import { QueryState } from '@/components/ui/query-state';
import { useSupportFigures } from '../api/support-figures';
import { Stat } from '@/components/ui/stat';

/** A wait in seconds as "45 s", "12 min", "3 h 5 min" or "2 d 3 h". */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The overview's section on support quality: what customers rated closed chats, and how fast new chats were answered. */
export function SupportQuality() {
  const figures = useSupportFigures();
  return (
    <section aria-labelledby="overview-support-quality">
      <h2 id="overview-support-quality" className="mb-3 text-lg font-semibold text-slate-900">
        Support quality
      </h2>
      <QueryState query={figures} pending="Loading support figures..." error="Could not load the support figures.">
        {(f) => (
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            <Stat
              label="Average rating"
              value={f.averageRating === null ? 'None yet' : `${f.averageRating.toFixed(1)} / 5`}
              hint={`${plural(f.ratingCount, 'rating', 'ratings')}, last ${f.days} days`}
            />
            <Stat
              label="Median first response"
              value={f.medianFirstResponseSeconds === null ? 'None yet' : formatSeconds(f.medianFirstResponseSeconds)}
              hint={`${plural(f.answeredChats, 'chat', 'chats')} answered, opened in the last ${f.days} days`}
            />
            <Stat
              label="Average first response"
              value={f.averageFirstResponseSeconds === null ? 'None yet' : formatSeconds(f.averageFirstResponseSeconds)}
              hint="From a chat's first message to support's first answer"
            />
          </dl>
        )}
      </QueryState>
    </section>
  );
}
