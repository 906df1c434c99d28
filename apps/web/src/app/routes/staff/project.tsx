import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { buildPath } from '@portal/contracts/route-helpers';
import { exportProject } from '@portal/contracts/routes/content.routes';
import type { StaffProject } from '@portal/contracts/projects';
import { Button, buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { BusinessLogo } from '@/features/projects/components/business-logo';
import { ReleaseStatusBadge } from '@/features/projects/components/release-status-badge';
import { StaffLaunchChecklistSection, StaffStoreListingSection } from '@/features/projects/components/staff-launch-sections';
import { StaffPreviewsSection } from '@/features/projects/components/reviews/staff-previews-section';
import { StagesSection } from '@/features/projects/components/staff-stages/stages-section';
import { useStaffProject } from '@/features/projects/api/staff-projects';
import { ProjectDialog, type ProjectDialogSubject } from '@/features/projects/components/project-form';
import { CustomerPicker } from '@/features/staff/components/customer-picker';
import { ApiError } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import { paths } from '@/lib/paths';

/** /staff/projects/{projectId}: one project and its build, for staff to move forward. */
export function Component() {
  const projectId = useParams().projectId ?? '';
  const project = useStaffProject(projectId);
  return (
    <QueryState
      query={project}
      pending="Loading the project..."
      error={(error) => (error instanceof ApiError && error.status === 404 ? 'Project not found.' : 'Could not load the project.')}
    >
      {(data) => <ProjectView project={data} />}
    </QueryState>
  );
}

function ProjectView({ project }: { project: StaffProject }) {
  const [editing, setEditing] = useState<ProjectDialogSubject | null>(null);
  return (
    <Page
      title={project.projectName}
      actions={
        <div className="flex flex-wrap gap-2">
          <a
            href={buildPath(exportProject, { projectId: project.projectId })}
            download
            className={buttonClass('secondary')}
          >
            Export project
          </a>
          <Button variant="secondary" onClick={() => setEditing({ project })}>
            Edit project
          </Button>
        </div>
      }
    >
      <div className="grid grid-cols-1 gap-4">
        <SectionCard title="Project">
          <div className="flex flex-wrap items-center gap-3">
            <BusinessLogo src={project.businessLogo} businessName={project.businessName || project.projectName} />
            <dl className="grid min-w-0 flex-1 gap-2 text-sm sm:grid-cols-2">
              <div><dt className="text-slate-600">Business</dt><dd className="font-medium">{project.businessName || '—'}</dd></div>
              <div>
                <dt className="text-slate-600">Customer</dt>
                <dd className="font-medium">
                  <Link to={paths.staffCustomer(project.customer.id)} className="text-brand-700 underline">
                    {project.customer.name || project.customer.email}
                  </Link>
                </dd>
              </div>
              <div><dt className="text-slate-600">Release status</dt><dd><ReleaseStatusBadge status={project.releaseStatus} /></dd></div>
              <div>
                <dt className="text-slate-600">Created</dt>
                <dd className="font-medium">
                  {formatShortDate(project.createdTimestamp)}
                  {project.publishedTimestamp && ` · Published ${formatShortDate(project.publishedTimestamp)}`}
                </dd>
              </div>
            </dl>
          </div>
        </SectionCard>
        <StagesSection projectId={project.projectId} />
        <StaffPreviewsSection projectId={project.projectId} />
        <StaffLaunchChecklistSection projectId={project.projectId} />
        <StaffStoreListingSection projectId={project.projectId} />
      </div>
      <ProjectDialog subject={editing} customerPicker={CustomerPicker} onClose={() => setEditing(null)} />
    </Page>
  );
}
