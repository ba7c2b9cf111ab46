/** Shown while a page's code loads, so a slow network never looks frozen. */
export function PageLoading() {
  return (
    <div className="page" role="status">
      <div className="navigation-progress" aria-hidden="true" />
      <span className="visually-hidden">Loading page…</span>
    </div>
  );
}
