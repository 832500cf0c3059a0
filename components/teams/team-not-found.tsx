import { LinkButton } from "@/components/ui/button";

/** A missing team or one the user may not see (docs/product.md#teams), or the edit page's refusal. */
export function TeamMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-ocean-950 text-3xl font-extrabold">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{text}</p>
      <div className="mt-8">
        <LinkButton href="/teams">Back to Teams</LinkButton>
      </div>
    </div>
  );
}
