"use client";

import { useActionState, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { saveNotificationSettingsAction } from "@/lib/actions/notification-settings";
import { kindLabels, settingColumn, notificationKinds } from "@/lib/notifications/kinds";
import { toastError, toastSuccess } from "@/lib/toast";
import type { NotificationSettings } from "@/lib/validation/notification-settings";

const failure = "Could not save your e-mail settings. Please try again.";

/** Four switches and a save button; a form action, so it works before the page's script has loaded. */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettings }) {
  const [values, setValues] = useState(initial);
  const [state, action, pending] = useActionState(saveNotificationSettingsAction, null);

  useEffect(() => {
    if (!state) return;
    if (state.ok) toastSuccess(state.message);
    else toastError(state.error ?? failure);
  }, [state]);

  return (
    <form action={action} className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="sr-only">E-mail me about</legend>
        {notificationKinds.map((kind) => {
          const name = settingColumn[kind];
          const id = `notify-${name}`;
          return (
            <div
              key={kind}
              className="has-[:focus-visible]:ring-ocean-600 flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4 has-[:focus-visible]:ring-2"
            >
              <div className="min-w-0">
                <label htmlFor={id} className="text-ocean-950 font-semibold">
                  {kindLabels[kind].title}
                </label>
                <p id={`${id}-hint`} className="text-sm text-slate-700">
                  {kindLabels[kind].hint}
                </p>
              </div>
              <input
                id={id}
                name={name}
                type="checkbox"
                role="switch"
                aria-describedby={`${id}-hint`}
                checked={values[name]}
                onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.checked }))}
                className="accent-ocean-700 mt-1 size-6 shrink-0 cursor-pointer"
              />
            </div>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={pending} aria-disabled={pending}>
          {pending ? "Saving..." : "Save e-mail settings"}
        </Button>
        <p role="status" className="text-sm text-slate-700">
          {state && !pending ? (state.ok ? state.message : state.error) : ""}
        </p>
      </div>
    </form>
  );
}
