import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ApiError } from '@/lib/api-client';
import { ErrorMessage, StatusMessage } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useProject } from '@/features/projects/api/projects';
import { BusinessLogo } from '@/features/projects/components/business-logo';
import { BuildProgress } from '@/features/projects/components/build-progress';
import { DeliverablesCard, HistoryCard, KeyDatesCard, NotesCard } from '@/features/projects/components/project-cards';
import { LaunchChecklistCard, StoreListingCard } from '@/features/projects/components/project-launch-cards';
import { ReleaseStatusBadge } from '@/features/projects/components/release-status-badge';
import { PreviewsSection } from '@/features/projects/components/reviews/previews-section';
import { paths } from '@/lib/paths';

const NOT_FOUND = 'Project not found.';

export function Component() {
  const { projectId } = useParams();
  // /projects with no id goes to the list (spec §2).
  if (!projectId) return <Navigate to={paths.myProjects()} replace />;
  return <ProjectDetails projectId={projectId} />;
}

function ProjectDetails({ projectId }: { projectId: string }) {
  const navigate = useNavigate();
  const project = useProject(projectId);
  const missing = project.error instanceof ApiError && project.error.status === 404;
  const alerted = useRef(false);

  // Spec §8: a missing project is announced with an alert, then the list is shown.
  useEffect(() => {
    if (missing && !alerted.current) {
      alerted.current = true;
      window.alert(NOT_FOUND);
      void navigate(paths.myProjects(), { replace: true });
    }
  }, [missing, navigate]);

  const loading = <StatusMessage>Loading Project Details...</StatusMessage>;
  return (
    <QueryState
      query={project}
      pending={loading}
      error={missing ? loading : <Frame><ErrorMessage>Could not load this project. Please try again.</ErrorMessage></Frame>}
    >
      {(data) => (
        <Frame>
          <header className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <BusinessLogo src={data.businessLogo} businessName={data.businessName} size="lg" />
            <div className="min-w-0 flex-1">
              <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{data.projectName}</h1>
              {data.businessName && <p className="text-slate-600">{data.businessName}</p>}
            </div>
            <ReleaseStatusBadge status={data.releaseStatus} />
          </header>
          <BuildProgress projectId={projectId} />
          <PreviewsSection projectId={data.projectId} />
          <LaunchChecklistCard projectId={data.projectId} />
          <StoreListingCard projectId={data.projectId} />
          <DeliverablesCard deliverables={data.deliverables} />
          <KeyDatesCard project={data} />
          {data.clientNotes && <NotesCard notes={data.clientNotes} />}
          <HistoryCard projectId={data.projectId} />
        </Frame>
      )}
    </QueryState>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-5 px-4 py-8 sm:px-6">
      <Link to={paths.myProjects()} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> My Projects
      </Link>
      {children}
    </div>
  );
}
