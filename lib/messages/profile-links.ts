/**
 * Same-site paths in message text: `/profile/` or `/teams/` (a team invitation, issue 20) and an id (a
 * UUID), nothing else.
 */
const profilePath =
  /(?<![\w/.])\/(?:profile|teams)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w/-])/gi;

export type TextPart = { text: string; href?: string };

export function splitProfileLinks(content: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of content.matchAll(profilePath)) {
    if (match.index > last) parts.push({ text: content.slice(last, match.index) });
    parts.push({ text: match[0], href: match[0].toLowerCase() });
    last = match.index + match[0].length;
  }
  if (last < content.length) parts.push({ text: content.slice(last) });
  return parts;
}
