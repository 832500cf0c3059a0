/**
 * npm run db:schema: writes supabase/schema.sql, the schema every migration leaves (applied to a new local
 * database the way hosted Supabase gets them). `-- --check` writes nothing and fails with a diff when the
 * committed file is not what the migrations make, so a migration never lands without its schema.sql.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dumpMigratedSchema } from "@noosa-tri/supabase-local";

const file = path.join(import.meta.dirname, "../supabase/schema.sql");
const schema = await dumpMigratedSchema();

if (!process.argv.includes("--check")) {
  writeFileSync(file, schema);
  console.log(`Wrote ${path.relative(process.cwd(), file)} (${schema.split("\n").length} lines).`);
} else {
  const committed = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (committed === schema) {
    console.log("supabase/schema.sql is current.");
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "db-schema-"));
    const fresh = path.join(dir, "schema.sql");
    writeFileSync(fresh, schema);
    const diff = spawnSync(
      "diff",
      [
        "-u",
        "--label",
        "supabase/schema.sql (committed)",
        "--label",
        "what the migrations make",
        existsSync(file) ? file : "/dev/null",
        fresh,
      ],
      { encoding: "utf8" },
    );
    rmSync(dir, { recursive: true, force: true });
    const lines = (diff.stdout || "").split("\n");
    console.error(
      lines.slice(0, 60).join("\n") + (lines.length > 60 ? `\n… ${lines.length - 60} more diff lines` : ""),
    );
    console.error(
      "supabase/schema.sql is stale: run `npm run db:schema` and commit the file with your migration.",
    );
    process.exitCode = 1;
  }
}
