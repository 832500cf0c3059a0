import { requireUser } from "@/lib/auth/session";

/**
 * Placeholder body for a protected page whose feature has not landed yet: who is signed in and an
 * honest note, never made-up data. A later issue replaces each page that uses it.
 */
export async function ComingSoon({ title, path, note }: { title: string; path: string; note: string }) {
  const user = await requireUser(path);
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-ocean-950 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-slate-700">
        Signed in as <span className="text-ocean-900 font-semibold">{user.email}</span>
      </p>
      <p className="bg-sand-100 mt-6 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-slate-800">
        {note}
      </p>
    </div>
  );
}
