import { noosaToday } from "@/lib/teams/urgency";

/**
 * The dashboard's title. On the athlete's first day (their profile was made today, Noosa time) there is
 * nothing to be back to: "Welcome, Mia". From the next day on: "Welcome back, Mia".
 */
export function dashboardGreeting(
  fullName: string,
  profileCreatedAt: string,
  now: Date = new Date(),
): string {
  const created = new Date(profileCreatedAt);
  const firstDay = !Number.isNaN(created.getTime()) && noosaToday(created) === noosaToday(now);
  return `${firstDay ? "Welcome" : "Welcome back"}, ${fullName}`;
}
