import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ApiError } from '@/lib/api-client';
import { ErrorMessage, StatusMessage } from '@/components/ui/page';
import { useProject } from '../api/get-project';
import { BusinessLogo } from '../components/business-logo';
import { DeliverablesCard, KeyDatesCard, NotesCard } from '../components/project-cards';
import { ReleaseStatusBadge } from '../components/release-status-badge';

const NOT_FOUND = 'Project not found.';

export function Component() {
  const { projectId } = useParams();
  // /projects with no id goes to the list (spec §2).
  if (!projectId) return <Navigate to="/my-projects" replace />;
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
      void navigate('/my-projects', { replace: true });
    }
  }, [missing, navigate]);

  if (project.isPending || missing) return <StatusMessage>Loading Project Details...</StatusMessage>;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-5 px-4 py-8 sm:px-6">
      <Link to="/my-projects" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> My Projects
      </Link>
      {project.isError ? (
        <ErrorMessage>Could not load this project. Please try again.</ErrorMessage>
      ) : (
        <>
          <header className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <BusinessLogo src={project.data.businessLogo} businessName={project.data.businessName} size="lg" />
            <div className="min-w-0 flex-1">
              <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{project.data.projectName}</h1>
              {project.data.businessName && <p className="text-slate-600">{project.data.businessName}</p>}
            </div>
            <ReleaseStatusBadge status={project.data.releaseStatus} />
          </header>
          <DeliverablesCard deliverables={project.data.deliverables} />
          <KeyDatesCard project={project.data} />
          {project.data.clientNotes && <NotesCard notes={project.data.clientNotes} />}
        </>
      )}
    </div>
  );
}
