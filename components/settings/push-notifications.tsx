import { withRls, type Claims } from "@/lib/db";
import { myPushEndpoints } from "@/lib/data/push-subscriptions";
import { vapidKeys } from "@/lib/notifications/push";
import { PushNotificationsToggle } from "./push-notifications-toggle";
import { SettingsSection } from "./settings-section";

/**
 * Notifications on this device (Web Push): turned on per browser, for the same kinds as the e-mails, as
 * chosen by the switches of the Notifications section. The browser asks for permission only when the
 * athlete presses the button.
 */
export async function PushNotificationsSection({ claims }: { claims: Claims }) {
  const endpoints = await withRls(claims, myPushEndpoints);
  return (
    <SettingsSection
      id="push"
      title="Notifications on this device"
      intro="Get what we e-mail you as a notification on this phone or computer too, for the kinds switched on under Notifications. Turn it on on each device you use."
    >
      <PushNotificationsToggle publicKey={vapidKeys()?.publicKey ?? null} savedEndpoints={endpoints} />
    </SettingsSection>
  );
}
