import { useEffect, useRef } from 'react';
import { ErrorMessage, Page, StatusMessage } from '@/components/ui/page';
import { useProjects } from '../api/get-projects';
import { ProjectCard } from '../components/project-card';

const LOAD_FAILED = 'Could not load your projects.';

export function Component() {
  const projects = useProjects();
  const alerted = useRef(false);

  // Spec §8: a failed load is announced with an alert, once.
  useEffect(() => {
    if (projects.isError && !alerted.current) {
      alerted.current = true;
      window.alert(LOAD_FAILED);
    }
  }, [projects.isError]);

  return (
    <Page title="My Projects">
      {projects.isPending ? (
        <StatusMessage>Loading Your Projects...</StatusMessage>
      ) : projects.isError ? (
        <ErrorMessage>{LOAD_FAILED}</ErrorMessage>
      ) : projects.data.length === 0 ? (
        <StatusMessage>You have no projects yet. Once a project is started for one of your subscriptions, it will appear here.</StatusMessage>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Projects">
          {projects.data.map((project) => (
            <ProjectCard key={project.projectId} project={project} />
          ))}
        </ul>
      )}
    </Page>
  );
}
