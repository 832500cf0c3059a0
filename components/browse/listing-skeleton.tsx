/**
 * Placeholder cards while a list streams in. A full load of /browse sends them twice (route and list
 * fallbacks), in its HTML and again in its RSC payload, so they are kept small: the lines' shared classes
 * sit once on their parent (`*:`), and one row of three fills the first screen on any width.
 */
export function ListingSkeleton({ cards = 3 }: { cards?: number }) {
  return (
    <div aria-busy="true" className="mt-6">
      <p className="sr-only" role="status">
        Loading...
      </p>
      <div className="grid animate-pulse gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className="h-56 rounded-2xl border border-slate-200 bg-slate-50 p-5">
            <div className="h-5 w-2/3 rounded bg-slate-200" />
            <div className="mt-3 h-3 w-1/3 rounded bg-slate-200" />
            <div className="mt-6 space-y-2 *:h-3 *:rounded *:bg-slate-100">
              <div />
              <div className="w-5/6" />
              <div className="w-4/6" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
