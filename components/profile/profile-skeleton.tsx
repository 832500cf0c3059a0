/** Placeholder shown while a profile loads: an announced "Loading..." and a pulsing card. */
export function ProfileSkeleton() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading...
      </p>
      <div className="animate-pulse space-y-6 rounded-2xl border border-slate-200 p-6">
        <div className="h-7 w-1/2 rounded bg-slate-200" />
        <div className="grid gap-4 sm:grid-cols-2">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="space-y-2">
              <div className="h-3 w-1/3 rounded bg-slate-200" />
              <div className="h-4 w-2/3 rounded bg-slate-100" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
