/** Up to two initials of a name, for avatars without a picture ("Mia Lawson" → "ML"). */
export const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => Array.from(part)[0] ?? "")
    .join("")
    .toUpperCase();
