import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageIntro } from "@/components/layout/page-intro";
import { DeleteAccountSection } from "@/components/settings/delete-account";
import { DownloadMyDataSection } from "@/components/settings/download-my-data";
import { BlockedAthletesSection } from "@/components/settings/blocked-athletes";
import { NotificationSettingsSection } from "@/components/settings/notification-settings";
import { requireUser } from "@/lib/auth/session";
import { hasCreatedTeam } from "@/lib/data/my-data";
import { getMyProfile } from "@/lib/data/my-profile";
import { withRls } from "@/lib/db";
import { pageMetadata } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Settings",
  description: "Your account settings: which e-mails you get.",
  path: "/settings",
  noindex: true,
});

/** Account settings: a list of sections, each its own component (more will join: blocked athletes, your data). */
export default async function SettingsPage() {
  const { claims } = await requireUser("/settings");
  const profile = await getMyProfile();
  if (!profile) redirect("/create-profile");
  const ownsTeam = await withRls(claims, hasCreatedTeam);

  return (
    <>
      <PageIntro eyebrow="Settings" title="Settings">
        <p>Choose how {site.name} keeps in touch.</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6">
        <NotificationSettingsSection claims={claims} profileId={profile.id} />
        <BlockedAthletesSection claims={claims} />
        <DownloadMyDataSection />
        <DeleteAccountSection ownsTeam={ownsTeam} />
      </div>
    </>
  );
}
