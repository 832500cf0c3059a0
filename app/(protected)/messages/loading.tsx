/** While /messages loads: an announced "Loading..." and the shape of the list and thread. */
export default function Loading() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading...
      </p>
      <div className="grid animate-pulse overflow-hidden rounded-2xl border border-slate-200 md:grid-cols-[20rem_1fr]">
        <div className="space-y-4 p-4 md:border-r md:border-slate-200">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="flex gap-3">
              <div className="size-11 rounded-full bg-slate-200" />
              <div className="flex-1 space-y-2">
                <div className="h-4 w-2/3 rounded bg-slate-200" />
                <div className="h-3 w-1/2 rounded bg-slate-100" />
              </div>
            </div>
          ))}
        </div>
        <div className="hidden h-[600px] bg-slate-50 md:block" />
      </div>
    </div>
  );
}
