import { NextResponse } from "next/server";
import { getLiveClaims } from "@/lib/auth/session";
import { exportMyData } from "@/lib/data/my-data";
import { withRls } from "@/lib/db";
import { readOriginalPhoto } from "@/lib/photos/store";
import { createClient } from "@/lib/supabase/server";

// Settings → Download my data: the account's data as a JSON file. Read in the caller's RLS transaction, so
// it holds only what this account may see. Never cached: it is personal and changes with every message.
export const dynamic = "force-dynamic";

const noStore = { "Cache-Control": "private, no-store" };

export async function GET() {
  // A session that ended (a cookie kept from before sign-out) is signed out here too: 401, not a 500 from
  // the reads its visitor's role may not make.
  const claims = await getLiveClaims();
  if (!claims) {
    return NextResponse.json({ error: "Sign in to download your data." }, { status: 401, headers: noStore });
  }
  try {
    const data = await withRls(claims, (tx) => exportMyData(tx, claims));
    // The profile photo as it was uploaded (the stored sizes are made from it), base64 in the JSON.
    const [me] = await withRls(claims, (tx) =>
      tx<{ photo_path: string | null }[]>`select private.visible_photo_path(private.my_profile_id()) as photo_path`,
    );
    const photo = await readOriginalPhoto(await createClient(), claims.sub, me?.photo_path ?? null);
    Object.assign(data, { profile_photo: photo });
    const day = data.exported_at.slice(0, 10);
    return new NextResponse(JSON.stringify(data, null, 2), {
      headers: {
        ...noStore,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="noosa-tri-teams-my-data-${day}.json"`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    console.error("my data export failed", {
      action: "account.export",
      userId: claims.sub,
      reason: error instanceof Error ? error.message : String(error),
    });
    return NextResponse.json(
      { error: "Sorry, we couldn't prepare your data just now. Please try again." },
      { status: 500, headers: noStore },
    );
  }
}
