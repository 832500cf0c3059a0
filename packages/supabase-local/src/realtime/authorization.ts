import type postgres from "postgres";
import type { RealtimeClaims } from "./claims.ts";

/**
 * Realtime Authorization for private channels, asked of Postgres the way the hosted server does: in one
 * transaction that is rolled back, as the subscriber's role and claims with `realtime.topic()` set, may it
 * SELECT (listen) and INSERT (send, track) a realtime.messages row of each extension on this topic?
 */
export type Extension = "broadcast" | "presence";
export type Permissions = { read: Record<Extension, boolean>; write: Record<Extension, boolean> };

const extensions: Extension[] = ["broadcast", "presence"];
const roles = new Set(["anon", "authenticated", "service_role"]);
class Rollback extends Error {}

export async function channelPermissions(
  sql: postgres.Sql,
  topic: string,
  claims: RealtimeClaims,
): Promise<Permissions> {
  const role = roles.has(claims.role) ? claims.role : "anon";
  const permissions: Permissions = {
    read: { broadcast: false, presence: false },
    write: { broadcast: false, presence: false },
  };
  await sql
    .begin(async (tx) => {
      // Written as the table's owner (Realtime's role, which RLS does not hold back), so the select below
      // shows what the policies let the subscriber read.
      const probes = await tx<{ id: string; extension: Extension }[]>`
        insert into realtime.messages (topic, extension, private)
        select ${topic}, e, true from unnest(${extensions}::text[]) e
        returning id, extension`;
      await tx`select set_config('role', ${role}, true),
                      set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                      set_config('realtime.topic', ${topic}, true)`;
      const readable = await tx<{ extension: Extension }[]>`
        select extension from realtime.messages where id = any(${probes.map((p) => p.id)}::uuid[])`;
      for (const { extension } of readable) permissions.read[extension] = true;
      for (const extension of extensions) {
        try {
          await tx.savepoint(
            (sp) =>
              sp`insert into realtime.messages (topic, extension, private) values (${topic}, ${extension}, true)`,
          );
          permissions.write[extension] = true;
        } catch (error) {
          // 42501: refused by a policy (or no grant). Any other error is a broken policy: the join fails.
          if ((error as { code?: string }).code !== "42501") throw error;
        }
      }
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return permissions;
}
