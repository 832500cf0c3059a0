import type { ComponentProps } from "react";
import { Checkbox } from "@/components/forms/form-field";

/**
 * The create-profile opt-in to urgent leg alerts (off unless ticked). `input` is the registered checkbox
 * of the profile form; the create action saves it in notification_settings.
 */
export function UrgentAlertsOptIn({ input }: { input: ComponentProps<"input"> }) {
  return (
    <section aria-labelledby="alerts-title" className="space-y-4">
      <h2 id="alerts-title" className="text-ocean-950 text-xl font-bold">
        E-mail alerts
      </h2>
      <Checkbox
        label={
          <>
            <strong className="font-semibold">Urgent leg alerts</strong> — e-mail me when a team urgently
            needs my leg (at most one a day, only while my profile is public and looking for a team). You can
            change this any time in Settings.
          </>
        }
        {...input}
      />
    </section>
  );
}
