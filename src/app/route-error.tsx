import { isRouteErrorResponse, useRouteError } from 'react-router';

/** What a route shows when its code fails to load or render, instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Please check your connection and try again.';
  return (
    <main role="alert" style={{ padding: '1.5rem', fontFamily: 'system-ui, sans-serif' }}>
      <h1>Something went wrong</h1>
      <p>{detail}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
