import { profileLimits } from "@/lib/validation/profile";

/**
 * What a sign-in provider told Auth about the athlete (their name, in the user's metadata: GoTrue copies
 * the provider's `name`/`full_name` there), as a start for create-profile: the name, and a username made
 * from it that passes the username rule. Both stay editable; a taken username is refused there as always.
 */
export function providerProfileStart(metadata: Record<string, unknown> | null | undefined): {
  full_name: string;
  username: string;
} {
  const raw = metadata?.full_name ?? metadata?.name;
  const name =
    typeof raw === "string" ? raw.replace(/\s+/g, " ").trim().slice(0, profileLimits.fullName.max) : "";
  const username = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, profileLimits.username.max);
  return { full_name: name, username: username.length >= profileLimits.username.min ? username : "" };
}
