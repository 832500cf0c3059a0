import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The project the stand-in serves: the nearest folder, from the working directory up, that holds
 * `supabase/config.toml` (as the Supabase CLI finds its project), or SUPABASE_LOCAL_PROJECT_DIR. Its
 * `supabase/` folder gives the config, migrations, seed and e-mail templates; its `node_modules/.cache`
 * the cached clusters.
 */
function findProjectRoot(): string {
  const configured = process.env.SUPABASE_LOCAL_PROJECT_DIR;
  if (configured) return path.resolve(configured);
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "supabase/config.toml"))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

export const projectRoot = findProjectRoot();
