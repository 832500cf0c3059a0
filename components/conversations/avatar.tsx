import type { OtherParticipant } from "@/lib/conversations/types";
import { AthletePhoto } from "@/components/ui/athlete-photo";
import { OnlineDot } from "./online-dot";

/** The other athlete's photo (or initials), with the "Online now" dot when they have the app open. */
export function Avatar({ person, size = "md" }: { person: OtherParticipant | null; size?: "md" | "sm" }) {
  return (
    <span className="relative inline-flex shrink-0">
      <AthletePhoto name={person?.full_name ?? ""} image={person?.photo} size={size === "md" ? "sm" : "xs"} />
      {person ? <OnlineDot profileId={person.id} /> : null}
    </span>
  );
}
