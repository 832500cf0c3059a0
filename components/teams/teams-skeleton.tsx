/** Placeholder while team pages load: an announced "Loading..." and pulsing cards. */
export function TeamsSkeleton({ cards = 3 }: { cards?: number }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading...
      </p>
      <div className="mb-8 h-9 w-1/3 animate-pulse rounded bg-slate-200" />
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className="animate-pulse space-y-4 rounded-2xl border border-slate-200 p-5">
            <div className="h-6 w-2/3 rounded bg-slate-200" />
            <div className="h-4 w-1/2 rounded bg-slate-100" />
            <div className="h-16 rounded bg-slate-100" />
            <div className="h-10 rounded bg-slate-200" />
          </div>
        ))}
      </div>
    </div>
  );
}
