/**
 * The product's enumerations and their labels (docs/product.md#limits), free of zod so that components on public
 * pages (team cards, athlete cards) can use them without loading the validation library.
 */
export const specialties = ["swimmer", "cyclist", "runner"] as const;
export const experienceLevels = ["beginner", "intermediate", "advanced", "elite"] as const;
export const trainingDays = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export const trainingTimes = ["early_morning", "morning", "midday", "afternoon", "evening"] as const;
export const disciplines = ["swim", "bike", "run"] as const;

export type Specialty = (typeof specialties)[number];
export type ExperienceLevel = (typeof experienceLevels)[number];
export type TrainingDay = (typeof trainingDays)[number];
export type TrainingTime = (typeof trainingTimes)[number];
export type Discipline = (typeof disciplines)[number];

export const specialtyLabels: Record<Specialty, string> = {
  swimmer: "Swimmer",
  cyclist: "Cyclist",
  runner: "Runner",
};
export const experienceLabels: Record<ExperienceLevel, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
  elite: "Elite",
};
export const dayLabels: Record<TrainingDay, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};
export const timeLabels: Record<TrainingTime, string> = {
  early_morning: "Early morning",
  morning: "Morning",
  midday: "Midday",
  afternoon: "Afternoon",
  evening: "Evening",
};
export const disciplineLabels: Record<Discipline, string> = { swim: "Swim", bike: "Bike", run: "Run" };
