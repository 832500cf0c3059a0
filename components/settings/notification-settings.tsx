import { withRls, type Claims } from "@/lib/db";
import { getNotificationSettings } from "@/lib/data/notification-settings";
import { NotificationSettingsForm } from "./notification-settings-form";
import { SettingsSection } from "./settings-section";

/** The Notifications section of /settings: which e-mails this athlete gets. */
export async function NotificationSettingsSection({
  claims,
  profileId,
}: {
  claims: Claims;
  profileId: string;
}) {
  const settings = await withRls(claims, (tx) => getNotificationSettings(tx, profileId));
  return (
    <SettingsSection
      id="notifications"
      title="Notifications"
      intro="We e-mail you when something needs you and you are not on the site. Every e-mail also has a link to stop that kind in one click."
    >
      <NotificationSettingsForm initial={settings} />
    </SettingsSection>
  );
}
