import type { OtherParticipant } from "@/lib/conversations/types";
import { OnlineDot } from "./online-dot";
import { initials } from "@/lib/initials";

/** The other athlete's picture (or initials), with the "Online now" dot when they have the app open. */
export function Avatar({ person, size = "md" }: { person: OtherParticipant | null; size?: "md" | "sm" }) {
  const box = size === "md" ? "size-11 text-base" : "size-9 text-sm";
  return (
    <span className={`relative inline-flex shrink-0 ${box}`}>
      {person?.avatar_url ? (
        // eslint-disable-next-line @next/next/no-img-element -- user-supplied external URL, not optimised
        <img src={person.avatar_url} alt="" className={`${box} rounded-full object-cover`} />
      ) : (
        <span
          aria-hidden="true"
          className={`${box} bg-ocean-700 flex items-center justify-center rounded-full font-bold text-white`}
        >
          {initials(person?.full_name ?? "") || "?"}
        </span>
      )}
      {person ? <OnlineDot profileId={person.id} /> : null}
    </span>
  );
}
