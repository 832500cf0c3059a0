// Monochrome glyphs from one cached sprite (public/social-icons.svg), so the footer needs no icon font
// and its path data is not repeated in every page's HTML and server-component payload.
const icons = new Set(["Facebook", "Instagram", "Strava"]);

export function SocialIcon({ name }: { name: string }) {
  if (!icons.has(name)) return null;
  return (
    <svg width="20" height="20" aria-hidden="true" focusable="false" fill="currentColor">
      <use href={`/social-icons.svg#${name.toLowerCase()}`} />
    </svg>
  );
}
