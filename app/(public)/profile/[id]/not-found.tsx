import { LinkButton } from "@/components/ui/button";

/** A private, missing or malformed profile id: "Profile Not Found" (docs/product.md#profiles), with a 404 status from notFound(). */
export default function ProfileNotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-ocean-950 text-3xl font-extrabold">Profile Not Found</h1>
      <p className="mt-4 text-lg text-slate-700">This profile doesn&apos;t exist or is not public.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LinkButton href="/browse">Browse Athletes</LinkButton>
        <LinkButton href="/" variant="secondary">
          Go to Homepage
        </LinkButton>
      </div>
    </div>
  );
}
