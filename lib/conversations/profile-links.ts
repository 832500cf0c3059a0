/**
 * Same-site paths in message text: `/profile/` or `/teams/` (a team invitation, docs/product.md#invitations) and an id (a
 * UUID), nothing else. Written as `[label](/profile/<id>)` (the automatic join request does: "View Sam's
 * profile"), the link shows its label instead of the path; the label is plain text, at most 80 characters
 * on one line.
 */
const path = String.raw`\/(?:profile|teams)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`;
const profilePath = new RegExp(
  String.raw`\[([^\[\]\n]{1,80})\]\((${path})\)|(?<![\w/.])(${path})(?![\w/-])`,
  "gi",
);

export type TextPart = { text: string; href?: string };

export function splitProfileLinks(content: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of content.matchAll(profilePath)) {
    if (match.index > last) parts.push({ text: content.slice(last, match.index) });
    const [, label, named, bare] = match;
    if (label !== undefined && named !== undefined) parts.push({ text: label, href: named.toLowerCase() });
    else parts.push({ text: bare!, href: bare!.toLowerCase() });
    last = match.index + match[0].length;
  }
  if (last < content.length) parts.push({ text: content.slice(last) });
  return parts;
}

/** A message as one line of plain text (conversation previews): a named link shows its name, not its path. */
export function previewText(content: string): string {
  return splitProfileLinks(content)
    .map((part) => part.text)
    .join("");
}
