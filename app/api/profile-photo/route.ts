import { NextResponse } from "next/server";
import { getLiveClaims } from "@/lib/auth/session";
import { withRls, type Tx } from "@/lib/db";
import { revalidateProfile } from "@/lib/data/profile-cache";
import { cropFrom } from "@/lib/photos/crop";
import { isRefusal, processPhoto } from "@/lib/photos/process";
import { removeProfilePhoto, saveProfilePhoto } from "@/lib/photos/store";
import { photoMessage, type PhotoOutcomeCode, type PhotoRefusalCode } from "@/lib/photos/texts";
import { createClient } from "@/lib/supabase/server";

// The edit screen's photo form (components/profile/photo-field.tsx): multipart, `photo` (a file) with the
// chosen square (`zoom`, `x`, `y`), or `remove`. A route rather than a server action: a phone's photo is
// several MB, over the 1 MB every action is held to (lib/http/body-limit.ts gives this path its own limit).
// The page's script asks for JSON; a form sent before the script runs gets a redirect back to the screen
// with the outcome in `?photo=`.
export const dynamic = "force-dynamic";

type Code = PhotoRefusalCode | PhotoOutcomeCode;

function answer(request: Request, code: Code, status: number) {
  if (request.headers.get("accept")?.includes("application/json")) {
    return NextResponse.json(
      { ok: status < 300, code, message: photoMessage(code) },
      { status, headers: { "Cache-Control": "no-store" } },
    );
  }
  return NextResponse.redirect(new URL(`/edit-profile?photo=${code}#photo`, request.url), 303);
}

// Route handlers get no origin check of their own (server actions do): a form on another site must not
// change a photo with this browser's cookies.
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  return origin === null || origin === new URL(request.url).origin || origin === forwardedOrigin(request);
}
const forwardedOrigin = (request: Request) => {
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const proto = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "");
  return host ? `${proto}://${host}` : null;
};

export async function POST(request: Request) {
  if (!sameOrigin(request)) return new NextResponse("Forbidden", { status: 403 });
  const claims = await getLiveClaims();
  if (!claims) return answer(request, "signedOut", 401);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer(request, "empty", 400);
  }
  const supabase = await createClient();
  try {
    const suspended = await withRls(claims, (tx) =>
      tx<{ s: boolean }[]>`select public.my_account_is_suspended() as s`.then((rows) => rows[0]!.s),
    );
    if (suspended) return answer(request, "suspended", 403);

    if (form.get("remove")) {
      await withRls(claims, async (tx) => {
        await removeProfilePhoto(supabase, tx, claims.sub);
        await revalidateMine(tx);
      });
      return answer(request, "removed", 200);
    }
    const file = form.get("photo");
    if (!(file instanceof File) || file.size === 0) return answer(request, "empty", 400);
    const photo = await processPhoto(new Uint8Array(await file.arrayBuffer()), cropFrom({
      zoom: form.get("zoom"),
      x: form.get("x"),
      y: form.get("y"),
    }));
    if (isRefusal(photo)) return answer(request, photo.code, 400);
    await withRls(claims, async (tx) => {
      await saveProfilePhoto(supabase, tx, claims.sub, photo);
      await revalidateMine(tx);
    });
    return answer(request, "saved", 200);
  } catch (error) {
    console.error("profile photo failed", {
      action: "profile.photo",
      userId: claims.sub,
      reason: error instanceof Error ? error.message : String(error),
    });
    return answer(request, "failed", 500);
  }
}

/** The athlete's public page, its card and every cached list that shows their face. */
async function revalidateMine(tx: Tx) {
  const [me] = await tx<{ id: string }[]>`select private.my_profile_id() as id`;
  if (me?.id) revalidateProfile(me.id);
}
