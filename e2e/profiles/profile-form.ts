import { expect, type Page } from "@playwright/test";

/** Profile form values a test types in; labels are the ones a person sees. */
export type ProfileFormFill = {
  username: string;
  fullName: string;
  location: string;
  bio?: string;
  specialty: "Swimmer" | "Cyclist" | "Runner";
  level: "Beginner" | "Intermediate" | "Advanced" | "Elite";
  trainingPreference?: string;
  goals: string;
  times?: { swim?: string; bike?: string; run?: string };
  days?: string[];
  timesOfDay?: string[];
  achievements?: string[];
};

/** Fills the create/edit profile form by its labels. */
export async function fillProfileForm(page: Page, values: ProfileFormFill) {
  const main = page.getByRole("main");
  await main.getByLabel("Username").fill(values.username);
  await main.getByLabel("Full name").fill(values.fullName);
  await main.getByLabel("Location").fill(values.location);
  if (values.bio !== undefined) await main.getByLabel("Bio").fill(values.bio);
  await main.getByLabel("Specialty").selectOption({ label: values.specialty });
  await main.getByLabel("Experience level").selectOption({ label: values.level });
  if (values.trainingPreference !== undefined)
    await main.getByLabel("Training preference").fill(values.trainingPreference);
  await main.getByLabel("Goals").fill(values.goals);
  for (const [leg, time] of Object.entries(values.times ?? {})) {
    await main.getByLabel(`${leg[0]!.toUpperCase()}${leg.slice(1)} time`).fill(time);
  }
  for (const day of values.days ?? []) await main.getByRole("checkbox", { name: day, exact: true }).check();
  for (const time of values.timesOfDay ?? [])
    await main.getByRole("checkbox", { name: time, exact: true }).check();
  for (const achievement of values.achievements ?? []) {
    await main.getByLabel("New achievement").fill(achievement);
    await main.getByRole("button", { name: "Add achievement" }).click();
    await expect(page.getByRole("list", { name: "Your achievements" }).getByText(achievement)).toBeVisible();
  }
}

/** A unique, valid username for one test run. */
export const uniqueUsername = (label: string) => `${label}_${Math.random().toString(36).slice(2, 8)}`;

/** The id in a /profile/{id} href. */
export async function publicProfileId(page: Page): Promise<string> {
  const href = await page.getByRole("link", { name: "View public profile" }).getAttribute("href");
  const id = href?.split("/").pop();
  if (!id) throw new Error("no public profile link on /profile");
  return id;
}
