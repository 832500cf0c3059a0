import Link from "next/link";
import { splitProfileLinks } from "@/lib/conversations/profile-links";

/**
 * A message's text, with links to athletes' profiles on this site made clickable (the automatic join
 * request names the requester's `/profile/{id}`). Nothing else becomes a link: messages are plain text,
 * and React escapes every part of them.
 */
export function MessageText({ content }: { content: string }) {
  return (
    <p className="[overflow-wrap:anywhere] whitespace-pre-wrap">
      {splitProfileLinks(content).map((part, i) =>
        part.href ? (
          <Link key={i} href={part.href} className="font-medium underline underline-offset-2">
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
