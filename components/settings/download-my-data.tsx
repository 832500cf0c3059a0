import { buttonClasses } from "@/components/ui/button";
import { SettingsSection } from "./settings-section";

/** Settings → Download my data: a plain link to the JSON file (app/api/my-data), so no script is needed. */
export function DownloadMyDataSection() {
  return (
    <SettingsSection
      id="my-data"
      title="Download my data"
      intro="A JSON file with your profile, the team you created, your team memberships and requests, and your conversations with every message in them."
    >
      <a href="/api/my-data" download className={buttonClasses("secondary")}>
        Download my data
      </a>
    </SettingsSection>
  );
}
