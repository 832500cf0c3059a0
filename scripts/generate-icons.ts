/**
 * Draws the installed app's icons from the site's logo (app/icon.svg's waves and three legs) into
 * public/icons/: plain icons at 192 and 512 px, a maskable one whose drawing keeps inside the 80 % safe
 * circle on a full-bleed background, the 180 px Apple touch icon and the 96 px notification badge.
 * Run after changing the logo: node scripts/generate-icons.ts (the PNGs are committed; nothing is fetched).
 */
import { mkdir } from "node:fs/promises";
import sharp from "sharp";

const navy = "#072a48";
// The logo's drawing on a 48-unit square, without its round background.
const mark = `<path d="M4 31q5-4 10 0t10 0 10 0 10 0v8H4z" fill="#1369ad"/>
  <circle cx="14" cy="19" r="4.5" fill="#1d84d1"/><circle cx="24" cy="19" r="4.5" fill="#ea580c"/>
  <circle cx="34" cy="19" r="4.5" fill="#22c55e"/>`;

/** The logo as app/icon.svg draws it: a navy disc with the mark, transparent corners. */
const round = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">
  <clipPath id="c"><circle cx="24" cy="24" r="23"/></clipPath>
  <circle cx="24" cy="24" r="23" fill="${navy}"/><g clip-path="url(#c)">${mark}</g></svg>`;

/** Full-bleed: navy square, the sea across the whole bottom, the three legs inside the 80 % safe circle. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">
  <rect width="48" height="48" fill="${navy}"/>
  <path d="M-6 30q5-4 10 0t10 0 10 0 10 0 10 0 10 0v18H-6z" fill="#1369ad"/>
  <circle cx="14" cy="21" r="4.5" fill="#1d84d1"/><circle cx="24" cy="21" r="4.5" fill="#ea580c"/>
  <circle cx="34" cy="21" r="4.5" fill="#22c55e"/></svg>`;

/** Android shows the badge as a white silhouette in the status bar: three dots over a wave. */
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" fill="#fff">
  <path d="M4 33q5-4 10 0t10 0 10 0 10 0v6H4z"/>
  <circle cx="12" cy="20" r="5.5"/><circle cx="24" cy="20" r="5.5"/><circle cx="36" cy="20" r="5.5"/></svg>`;

const out = new URL("../public/icons/", import.meta.url);
await mkdir(out, { recursive: true });

const render = (svg: string, size: number, file: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 48 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(file, out).pathname);

await Promise.all([
  render(round, 192, "icon-192.png"),
  render(round, 512, "icon-512.png"),
  render(maskable, 512, "maskable-512.png"),
  render(maskable, 192, "maskable-192.png"),
  render(maskable, 180, "apple-touch-icon.png"),
  render(badge, 96, "badge-96.png"),
]);
console.log("icons written to public/icons/");
