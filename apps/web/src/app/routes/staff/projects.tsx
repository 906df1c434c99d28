import { useState } from 'react';
import { Link } from 'react-router';
import { RELEASE_STATUSES, type ReleaseStatus } from '@portal/contracts/projects';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { BusinessLogo } from '@/features/projects/components/business-logo';
import { ReleaseStatusBadge } from '@/features/projects/components/release-status-badge';
import { useStaffProjects } from '@/features/projects/api/staff-projects';
import { ProjectDialog, type ProjectDialogSubject } from '@/features/projects/components/project-form';
import { CustomerPicker } from '@/features/staff/components/customer-picker';
import { FilterChips } from '@/features/staff/components/list-controls';
import { formatShortDate } from '@/lib/format';
import { paths } from '@/lib/paths';

/** /staff/projects: every project newest first, by release status; create one for a customer or edit any field. */
export function Component() {
  const [status, setStatus] = useState<ReleaseStatus | undefined>();
  const [editing, setEditing] = useState<ProjectDialogSubject | null>(null);
  const projects = useStaffProjects({ releaseStatus: status });
  return (
    <Page title="Projects" actions={<Button onClick={() => setEditing({})}>New project</Button>}>
      <div className="mb-4">
        <FilterChips
          label="Release status"
          options={[{ value: undefined, label: 'All' }, ...RELEASE_STATUSES.map((value) => ({ value, label: value }))]}
          value={status}
          onChange={setStatus}
        />
      </div>
      <QueryState query={projects} pending="Loading projects..." error="Could not load the projects." empty="No projects match.">
        {(list) => (
          <>
            <ul aria-label="Projects" className="space-y-3">
              {list.map((project) => (
                <li key={project.projectId} className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <BusinessLogo src={project.businessLogo} businessName={project.businessName || project.projectName} />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <Link to={paths.staffProject(project.projectId)} className="font-semibold text-brand-700 underline">
                        {project.projectName}
                      </Link>
                      <ReleaseStatusBadge status={project.releaseStatus} />
                    </p>
                    <p className="text-sm text-slate-700">
                      {project.businessName && `${project.businessName} · `}
                      <Link to={paths.staffCustomer(project.customer.id)} className="text-brand-700 underline">
                        {project.customer.name || project.customer.email}
                      </Link>
                    </p>
                    <p className="text-xs text-slate-600">
                      Created {formatShortDate(project.createdTimestamp)}
                      {project.publishedTimestamp && ` · Published ${formatShortDate(project.publishedTimestamp)}`}
                    </p>
                  </div>
                  <Button variant="secondary" onClick={() => setEditing({ project })} aria-label={`Edit ${project.projectName}`}>
                    Edit
                  </Button>
                </li>
              ))}
            </ul>
            <LoadMore list={projects} label="Load more projects" />
          </>
        )}
      </QueryState>
      <ProjectDialog subject={editing} customerPicker={CustomerPicker} onClose={() => setEditing(null)} />
    </Page>
  );
}
