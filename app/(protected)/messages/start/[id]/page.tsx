import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ConfirmStartConversation } from "@/components/conversations/confirm-start-conversation";
import { buttonClasses, LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/session";
import { getMyProfile } from "@/lib/auth/my-profile";
import { getPublicProfile } from "@/lib/data/profiles";
import { createProfileThen, messageIntentPath } from "@/lib/intent/paths";
import { pageMetadata } from "@/lib/seo/metadata";
import { specialtyLabels } from "@/lib/validation/profile";

export const metadata: Metadata = pageMetadata({
  title: "Send a message",
  description: "Start a conversation with an athlete.",
  path: "/messages",
  noindex: true,
});

/**
 * Where a remembered Send Message ends (docs/product.md#auth): after sign-in or sign-up and create-profile, one
 * question and one press. Only public athletes can be messaged from a public page, so the public profile
 * is what this page reads.
 */
export default async function StartConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const here = messageIntentPath(id);
  await requireUser(here);
  const me = await getMyProfile();
  if (!me) redirect(createProfileThen(here));
  const athlete = await getPublicProfile(id).catch(() => null);

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <Card className="space-y-5">
        <p className="text-sunset-700 text-sm font-semibold tracking-wide uppercase">Send Message</p>
        {!athlete ? (
          <>
            <h1 className="text-ocean-950 text-2xl font-bold">Athlete not found</h1>
            <p className="text-slate-800">This profile doesn&apos;t exist or is not public.</p>
            <LinkButton href="/browse">Browse athletes</LinkButton>
          </>
        ) : athlete.id === me.id ? (
          <>
            <h1 className="text-ocean-950 text-2xl font-bold">That&apos;s your own profile</h1>
            <LinkButton href="/messages">Go to Messages</LinkButton>
          </>
        ) : (
          <>
            <h1 className="text-ocean-950 text-2xl font-bold wrap-anywhere">
              Send a message to {athlete.full_name}?
            </h1>
            <p className="text-slate-700">
              {specialtyLabels[athlete.specialty]} · {athlete.location.display_name}. Your conversation opens
              in Messages.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <ConfirmStartConversation
                profileId={athlete.id}
                className={buttonClasses("primary", "lg", "sm:flex-1")}
              />
              <LinkButton href={`/profile/${athlete.id}`} variant="secondary" size="lg" className="sm:flex-1">
                Not now
              </LinkButton>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
