import { Link } from 'react-router';
import type { Project } from '@portal/contracts/projects';
import { BusinessLogo } from './business-logo';
import { ReleaseStatusBadge } from './release-status-badge';
import { paths } from '@/lib/paths';

/** One card of /my-projects; the whole card opens the project. */
export function ProjectCard({ project }: { project: Project }) {
  return (
    <li>
      <Link
        to={paths.projectDetails(project.projectId)}
        className="flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow-md"
      >
        <BusinessLogo src={project.businessLogo} businessName={project.businessName} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className="min-w-0 break-words text-lg font-semibold text-slate-900">{project.projectName}</h2>
            <ReleaseStatusBadge status={project.releaseStatus} />
          </div>
          {project.businessName && <p className="text-sm text-slate-600">{project.businessName}</p>}
          {project.clientNotes && <p className="mt-2 line-clamp-2 text-sm text-slate-700">Note: {project.clientNotes}</p>}
        </div>
      </Link>
    </li>
  );
}
