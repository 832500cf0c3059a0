"use client";

import type { ActionResult } from "@/lib/server-action/result";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Controller, get, useForm } from "react-hook-form";
import type { z } from "zod";
import { KeepEarlyInput } from "@/components/forms/keep-early-input";
import { Button, buttonClasses } from "@/components/ui/button";
import { showServerFieldErrors, submitAction } from "@/lib/forms/action-result";
import { prefilled } from "@/lib/forms/prefill";
import { toastError, toastInfo, toastSuccess } from "@/lib/toast";
import { profileSchema, type ProfileFormValues, type ProfileInput } from "@/lib/validation/profile";
import { UrgentAlertsOptIn } from "@/components/settings/urgent-alerts-opt-in";
import { AchievementsField } from "./achievements-field";
import {
  AboutFields,
  AthleticFields,
  AvailabilityFields,
  BioField,
  Section,
  TargetTimeFields,
  TrainingPreferenceField,
  VisibilityFields,
} from "./profile-form-sections";

type FormInput = z.input<typeof profileSchema>;

const copy = {
  create: {
    submit: "Create Profile",
    busy: "Creating Profile...",
    success: "Profile created successfully!",
    failure: "Failed to create profile. Please try again.",
  },
  edit: {
    submit: "Save Changes",
    busy: "Saving...",
    success: "Profile updated successfully!",
    failure: "Failed to update profile. Please try again.",
  },
} as const;

type ProfileFormProps = {
  mode: "create" | "edit";
  defaultValues: ProfileFormValues;
  action: (
    input: ProfileInput,
    photo?: { use_provider_picture: boolean },
  ) => Promise<ActionResult<{ profileId: string; existed?: boolean; pictureNote?: string | null }>>;
  /** create: where to go after the profile exists (a remembered join or message, docs/product.md#auth); a safe path. */
  next?: string;
  /** create: the sign-in provider's picture (inline), offered as the profile photo behind an unticked box. */
  providerPicture?: { label: string; src: string };
};

/** The create and edit profile form: field messages as the user types, the server action decides. */
export function ProfileForm({ mode, defaultValues, action, next, providerPicture }: ProfileFormProps) {
  const router = useRouter();
  const text = copy[mode];
  const [done, setDone] = useState(false);
  const [usePicture, setUsePicture] = useState(false);
  const form = useForm<FormInput, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    mode: "onTouched",
    defaultValues,
  });
  const { control, handleSubmit, setError, formState } = form;
  // What a person types before the page has started is kept: the fields carry their values in the server
  // HTML, and anything changed before hydration is replayed after it (see both modules).
  const fields = prefilled<FormInput>(form.register, defaultValues);

  const errorOf = (path: string): string | undefined =>
    (get(formState.errors, path) as { message?: string } | undefined)?.message;
  const busy = formState.isSubmitting || done;
  // On the way to a remembered join request or message, the optional parts fold away: the person came to
  // send something, and can fill them in later. Otherwise the whole form shows.
  const folded = mode === "create" && next !== undefined;

  // A message inside the folded part must not stay hidden: open it.
  const onInvalid = (errors: Record<string, unknown>) => {
    const fold = document.getElementById(foldId);
    if (fold instanceof HTMLDetailsElement && Object.keys(errors).some((k) => foldedFields.has(k)))
      fold.open = true;
  };

  const onSubmit = handleSubmit(async (values) => {
    const photo = providerPicture ? { use_provider_picture: usePicture } : undefined;
    const result = await submitAction(() => action(values, photo), text.failure);
    if (!result.ok) {
      onInvalid(Object.fromEntries(Object.keys(result.fieldErrors ?? {}).map((k) => [k.split(".")[0]!, 1])));
      showServerFieldErrors(result.fieldErrors, setError);
      toastError(result.error ?? text.failure);
      return;
    }
    setDone(true);
    if (mode === "create") {
      if (result.existed) toastInfo("You already have a profile.");
      else toastSuccess(text.success);
      // The profile stands; only the picture could not be used: say so, where it can be added instead.
      if (result.pictureNote) toastError(result.pictureNote);
      router.push(next ?? (result.existed ? "/profile" : "/dashboard"));
    } else {
      toastSuccess(text.success);
      // docs/product.md#profiles: the edit page moves on to /profile one second after success.
      setTimeout(() => router.push("/profile"), 1000);
    }
  }, onInvalid);

  // method="post": a submit before hydration (slow network) reloads the page instead of putting the
  // athlete's details into the URL, the history and server logs.
  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="space-y-8"
      aria-describedby="profile-form-status"
    >
      {providerPicture ? <ProviderPictureChoice picture={providerPicture} checked={usePicture} onChange={setUsePicture} /> : null}
      <AboutFields fields={fields} errorOf={errorOf} withOptional={!folded} />
      <AthleticFields fields={fields} errorOf={errorOf} withOptional={!folded} />
      <OptionalFold folded={folded}>
        {folded ? (
          <Section id="more-title" title="Bio and training">
            <BioField fields={fields} errorOf={errorOf} />
            <TrainingPreferenceField fields={fields} errorOf={errorOf} />
          </Section>
        ) : null}
        <TargetTimeFields fields={fields} errorOf={errorOf} />
        <AvailabilityFields fields={fields} errorOf={errorOf} />
        <section aria-labelledby="achievements-title" className="space-y-4">
          <h2 id="achievements-title" className="text-ocean-950 text-xl font-bold">
            Achievements
          </h2>
          <Controller
            control={control}
            name="achievements"
            render={({ field }) => (
              <AchievementsField
                value={field.value ?? []}
                onChange={field.onChange}
                errors={Object.fromEntries(
                  Array.from({ length: 11 }, (_, i) => [
                    `achievements.${i}`,
                    errorOf(`achievements.${i}`),
                  ]).concat([["achievements", errorOf("achievements")]]),
                )}
              />
            )}
          />
        </section>
        <VisibilityFields fields={fields} errorOf={errorOf} />
        {mode === "create" ? <UrgentAlertsOptIn input={fields.checkbox("urgent_alerts")} /> : null}
      </OptionalFold>

      <div id="profile-form-status" role="alert" className="empty:hidden">
        {formState.errors.root?.server?.message ? (
          <p className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
            {formState.errors.root.server.message}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end">
        {mode === "edit" ? (
          <Link href="/profile" className={buttonClasses("secondary", "lg")}>
            Cancel
          </Link>
        ) : null}
        <Button type="submit" size="lg" disabled={busy} aria-disabled={busy}>
          {busy ? text.busy : text.submit}
        </Button>
      </div>
      <KeepEarlyInput />
    </form>
  );
}

const foldId = "profile-optional";
// The parts of the form nobody needs to fill in on the first visit.
const foldedFields = new Set([
  "bio",
  "training_preference",
  "target_times",
  "availability",
  "achievements",
  "is_public",
  "looking_for_team",
  "open_to_training",
  "urgent_alerts",
]);

/**
 * The optional parts folded under one summary, so the required answers and the button fit a phone's
 * screen or two.
 */
function OptionalFold({ folded, children }: { folded: boolean; children: ReactNode }) {
  if (!folded) return <>{children}</>;
  return (
    <details id={foldId} className="group rounded-lg border border-slate-200">
      <summary className="text-ocean-900 flex cursor-pointer items-center justify-between gap-3 rounded-lg px-4 py-3 font-semibold hover:bg-slate-50">
        <span>
          More about you <span className="font-normal text-slate-700">(optional)</span>
          <span className="block text-sm font-normal text-slate-700">
            Bio, training preference, target times, availability, achievements, visibility (public and looking
            for a team unless you change it) and e-mail alerts. You can add them later.
          </span>
        </span>
        <span aria-hidden="true" className="text-xl transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="space-y-8 border-t border-slate-200 px-4 py-6">{children}</div>
    </details>
  );
}

/** The sign-in provider's picture with the athlete's choice: unticked, nothing is taken. */
function ProviderPictureChoice({
  picture,
  checked,
  onChange,
}: {
  picture: { label: string; src: string };
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <section aria-labelledby="provider-picture-title" className="flex items-center gap-4">
      <h2 id="provider-picture-title" className="sr-only">
        Profile photo
      </h2>
      {/* eslint-disable-next-line @next/next/no-img-element -- an inline data: image; nothing to optimise */}
      <img
        src={picture.src}
        alt={`Your ${picture.label} picture`}
        width={64}
        height={64}
        className="size-16 flex-none rounded-full object-cover"
      />
      <label className="flex min-h-11 items-center gap-3 text-slate-800">
        <input
          type="checkbox"
          name="use_provider_picture"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="size-5 flex-none"
        />
        <span>Use my {picture.label} picture as my profile photo</span>
      </label>
    </section>
  );
}
