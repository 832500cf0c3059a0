// Simple monochrome glyphs drawn inline so the footer needs no icon font or external image.
const paths: Record<string, string> = {
  Facebook: "M14 8h2.5V4.5H14c-2.5 0-4 1.7-4 4.2V11H8v3.5h2V21h3.5v-6.5H16l.5-3.5h-3V8.9c0-.5.3-.9.5-.9Z",
  Instagram:
    "M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3Zm0 2A2.5 2.5 0 0 0 5 7.5v9A2.5 2.5 0 0 0 7.5 19h9a2.5 2.5 0 0 0 2.5-2.5v-9A2.5 2.5 0 0 0 16.5 5h-9ZM12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm4.6-3.3a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z",
  Strava: "M10.2 2 4 14h3.7l2.5-4.8 2.4 4.8h3.7L10.2 2Zm5.9 12-1.8 3.6-1.9-3.6H9.7l4.6 9 4.6-9h-2.8Z",
};

export function SocialIcon({ name }: { name: string }) {
  const d = paths[name];
  if (!d) return null;
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={d} fillRule="evenodd" />
    </svg>
  );
}
