import type { Metadata } from "next";
import { PageIntro } from "@/components/layout/page-intro";
import { DeleteAccountSection } from "@/components/settings/delete-account";
import { DownloadMyDataSection } from "@/components/settings/download-my-data";
import { BlockedAthletesSection } from "@/components/settings/blocked-athletes";
import { CalendarFeedSection } from "@/components/settings/calendar-feed";
import { NotificationSettingsSection } from "@/components/settings/notification-settings";
import { PushNotificationsSection } from "@/components/settings/push-notifications";
import { SettingsSection } from "@/components/settings/settings-section";
import { LinkButton } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/session";
import { hasCreatedTeam } from "@/lib/data/my-data";
import { getMyProfile } from "@/lib/auth/my-profile";
import { withRls } from "@/lib/db";
import { pageMetadata } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Settings",
  description: "Your account settings: which e-mails you get and your calendar link.",
  path: "/settings",
  noindex: true,
});

/**
 * Account settings: a list of sections, each its own component. E-mails and blocks belong to a profile;
 * an account without one still gets its data and its deletion here, so nobody has to make a profile to
 * leave.
 */
export default async function SettingsPage() {
  const { claims } = await requireUser("/settings");
  const profile = await getMyProfile();
  // Asked either way: a team's creator is the account (teams.creator_id), not its profile.
  const ownsTeam = await withRls(claims, hasCreatedTeam);

  return (
    <>
      <PageIntro eyebrow="Settings" title="Settings">
        <p>Choose how {site.name} keeps in touch.</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6">
        {profile ? (
          <>
            <NotificationSettingsSection claims={claims} profileId={profile.id} />
            <PushNotificationsSection claims={claims} />
            <CalendarFeedSection claims={claims} />
            <BlockedAthletesSection claims={claims} />
          </>
        ) : (
          <SettingsSection
            id="profile"
            title="Your profile"
            intro="You have no profile yet. Create one to choose which e-mails you get and to block athletes."
          >
            <LinkButton href="/create-profile">Create Your Profile</LinkButton>
          </SettingsSection>
        )}
        <DownloadMyDataSection />
        <DeleteAccountSection ownsTeam={ownsTeam} />
      </div>
    </>
  );
}
