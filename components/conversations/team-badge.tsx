import { initials } from "@/lib/initials";

/** The team's initials in a rounded square (a team has no picture). */
export function TeamBadge({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="bg-sunset-700 flex size-9 shrink-0 items-center justify-center rounded-lg text-sm font-bold text-white"
    >
      {initials(name) || "?"}
    </span>
  );
}
