import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@/lib/paths';
import { NotFound } from './not-found';

/**
 * What a route shows when its page fails to load or throws while rendering: the frame around it stays, and the
 * person can reload or go home instead of facing a blank screen.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">This page could not be shown.</h1>
      <p className="mt-4 text-slate-600">Please reload the page. If it keeps happening, try again later.</p>
      <Link to={paths.home()} className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Go to the home page
      </Link>
    </div>
  );
}
