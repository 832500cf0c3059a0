/** What a protected page shows while the session is checked and its content streams (spec: "Loading..."). */
export function ProtectedLoading() {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-5xl items-center justify-center px-4 py-16">
      <p role="status" className="flex items-center gap-3 text-lg text-slate-700">
        <span
          aria-hidden="true"
          className="border-t-ocean-600 inline-block size-5 animate-spin rounded-full border-2 border-slate-300"
        />
        Loading...
      </p>
    </div>
  );
}
