/**
 * Demo photos for the seed's athletes (supabase/seed.sql), made at start-up because Storage keeps bytes
 * outside the database the seed fills: `npm run dev` runs this once the local stack is up, before the app.
 * Each photo is drawn with sharp (a coloured backdrop and a figure in the athlete's race kit, no font needed)
 * and goes through the same pipeline as an upload (lib/photos: processPhoto, then saveProfilePhoto as the
 * athlete, signed in with the demo password, under Storage's policies). An athlete who already has a photo
 * is left alone, so later starts change nothing. Only against the local stand-in.
 *
 * Run with `node --conditions=react-server` (lib/photos is server-only code).
 */
import { createClient } from "@supabase/supabase-js";
import postgres from "postgres";
import sharp from "sharp";
import { isRefusal, processPhoto } from "../lib/photos/process.ts";
import { saveProfilePhoto } from "../lib/photos/store.ts";

const password = "noosa-demo-2026";
// The seed's demo athletes (accounts d0…0N; 7, Ava, has no profile yet): backdrop, kit and skin.
const athletes: [n: number, email: string, colours: [string, string, string]][] = [
  [1, "mia@example.com", ["#0e7490", "#f97316", "#f1c7a5"]],
  [2, "jack@example.com", ["#1e3a8a", "#facc15", "#c68642"]],
  [3, "olivia@example.com", ["#be185d", "#22c55e", "#e0ac69"]],
  [4, "liam@example.com", ["#065f46", "#ef4444", "#f5d0b5"]],
  [5, "chloe@example.com", ["#7c2d12", "#38bdf8", "#8d5524"]],
  [6, "noah@example.com", ["#4c1d95", "#fb923c", "#d9a066"]],
  [8, "ethan@example.com", ["#334155", "#a3e635", "#f3d2b3"]],
];
const accountId = (n: number) => `d0000000-0000-4000-8000-00000000000${n}`;

const figure = ([backdrop, kit, skin]: [string, string, string]) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640">
  <rect width="640" height="640" fill="${backdrop}"/>
  <circle cx="520" cy="110" r="70" fill="#fde68a" opacity="0.8"/>
  <path d="M0 520 Q160 470 320 520 T640 520 V640 H0 Z" fill="#ffffff" opacity="0.25"/>
  <ellipse cx="320" cy="620" rx="230" ry="170" fill="${kit}"/>
  <rect x="290" y="380" width="60" height="70" fill="${skin}"/>
  <circle cx="320" cy="300" r="120" fill="${skin}"/>
  <path d="M200 285 Q320 120 440 285 Q430 200 320 175 Q210 200 200 285 Z" fill="${kit}"/>
  <rect x="235" y="268" width="170" height="34" rx="17" fill="#0f172a" opacity="0.85"/>
</svg>`);

const { NEXT_PUBLIC_SUPABASE_URL: url, NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: key, DATABASE_URL: databaseUrl } =
  process.env;
if (!url || !key || !databaseUrl) throw new Error("Run inside the local stack (npm run dev).");
if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) {
  console.log("Demo photos: not the local stand-in, nothing to do.");
  process.exit(0);
}

const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
try {
  // Read as the service: which demo athletes have no photo yet.
  const without = await sql.begin(async (tx) => {
    await tx`set local role service_role`;
    return tx<{ auth_id: string }[]>`
      select auth_id::text from public.profiles
      where auth_id in ${sql(athletes.map(([n]) => accountId(n)))} and photo_path is null`;
  });
  const missing = athletes.filter(([n]) => without.some((row) => row.auth_id === accountId(n)));
  for (const [n, email, colours] of missing) {
    const id = accountId(n);
    const photo = await processPhoto(await sharp(figure(colours)).jpeg({ quality: 85 }).toBuffer());
    if (isRefusal(photo)) throw new Error(photo.error);
    const client = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
    const { error } = await client.auth.signInWithPassword({ email, password });
    if (error) throw error;
    // As the athlete, as the app's withRls does (role and claims for this transaction only).
    await sql.begin(async (tx) => {
      const claims = JSON.stringify({ sub: id, role: "authenticated", email });
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`;
      await saveProfilePhoto(client, tx, id, photo);
    });
    await client.auth.signOut();
  }
  if (missing.length) console.log(`Demo photos: ${missing.length} athletes given a photo.`);
} finally {
  await sql.end();
}
