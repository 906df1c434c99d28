import { useEffect, useRef } from 'react';
import { LoadMore } from '@/components/ui/load-more';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useProjects } from '@/features/projects/api/projects';
import { ProjectCard } from '@/features/projects/components/project-card';

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
      <QueryState
        query={projects}
        pending="Loading Your Projects..."
        error={LOAD_FAILED}
        empty="You have no projects yet. Once a project is started for one of your subscriptions, it will appear here."
      >
        {(list) => (
          <>
            <ul className="grid gap-4 md:grid-cols-2" aria-label="Projects">
              {list.map((project) => (
                <ProjectCard key={project.projectId} project={project} />
              ))}
            </ul>
            <LoadMore list={projects} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
