/**
 * postinstall: fixes postgres.js 3.4.9 (the driver of lib/db and the local stand-in) where a connection
 * that dies inside a transaction breaks the pool. Upstream: porsager/postgres issues #1154, #1186, #1208
 * and pull requests #1155, #1168, all open when this was written. What happened here, under load with
 * Postgres restarted (npm run load, 200 athletes, and a direct reproduction):
 *
 * 1. `sql.begin` sends ROLLBACK (or COMMIT) after the connection closed. The write is scheduled with
 *    setImmediate and finds no socket: an uncaught TypeError, and the connection object keeps a stale
 *    write timer and buffer, so its next startup message is never sent and every later request that
 *    gets this pool slot waits out connect_timeout (30 s by default: the load run's 30 000 ms answers).
 * 2. The pool reuses the closed connection object at once for a waiting query. A late ROLLBACK from the
 *    dead transaction, or a query of its callback, then runs inside the next transaction on that slot:
 *    that transaction's writes are rolled back and its COMMIT still answers (there is no transaction in
 *    progress), so a write is acknowledged and not stored.
 * 3. Queries waiting in a transaction's own queue when its connection closes never settle.
 * 4. The error that ended a connection (57P01 at a fast shutdown) is kept with it, and the next
 *    connection on that slot fails its first query with it once it is ready.
 *
 * The patch: a transaction whose connection closed rejects every further query of its own, and those
 * it held, with CONNECTION_CLOSED; a connection without a socket rejects a query instead of keeping it;
 * a close drops the buffered write, its timer, the pending error and the finished query; a write never
 * goes to a missing socket. Applied to the
 * three builds the package ships (ESM, CommonJS, Cloudflare), once (a marker says it is there), and only
 * to the version it was written for: another version fails the install, so whoever updates postgres
 * checks whether upstream fixed it.
 */
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";

const VERSION = "3.4.9";
const MARK = "/* patched by scripts/patch-postgres.mjs */";

const connectionEdits = [
  {
    find: "  function execute(q) {\n    if (terminated)\n      return queryError(q, Errors.connection('CONNECTION_DESTROYED', options))\n",
    add: `    if (!socket) ${MARK}\n      return queryError(q, Errors.connection('CONNECTION_CLOSED', options)), true\n`,
  },
  {
    find: "  function nextWrite(fn) {\n",
    add: `    if (!socket) ${MARK}\n      return chunk = nextWriteTimer = null, false\n`,
  },
  {
    find: "    socket.removeAllListeners()\n    socket = null\n",
    add: `    chunk = nextWriteTimer = errorResponse = null ${MARK}\n`,
  },
  {
    find: "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n",
    add: `    query = null ${MARK}\n`,
  },
];

const indexEdits = [
  {
    find: "    let savepoints = 0\n      , connection\n      , prepare = null\n",
    add: `      , closed = null ${MARK}\n`,
  },
  {
    find: "        new Promise((_, reject) => connection.onclose = reject)\n",
    replace:
      `        new Promise((_, reject) => connection.onclose = e => { ${MARK}\n` +
      "          closed = e || Errors.connection('CONNECTION_CLOSED', options)\n" +
      "          while (queries.length) queries.shift().reject(closed)\n" +
      "          reject(e)\n" +
      "        })\n",
  },
  {
    find: "      function handler(q) {\n        q.catch(e => uncaughtError || (uncaughtError = e))\n",
    replace:
      "      function handler(q) {\n" +
      `        if (closed) ${MARK}\n` +
      "          return q.reject(closed)\n" +
      "        q.catch(e => uncaughtError || (uncaughtError = e))\n",
  },
];

function patchFile(file, edits) {
  let text = readFileSync(file, "utf8");
  if (text.includes(MARK)) return false;
  for (const edit of edits) {
    const at = text.indexOf(edit.find);
    if (at < 0 || text.indexOf(edit.find, at + 1) >= 0)
      throw new Error(
        `patch-postgres: ${file} does not read as expected (${JSON.stringify(edit.find.slice(0, 60))})`,
      );
    text = edit.replace
      ? text.slice(0, at) + edit.replace + text.slice(at + edit.find.length)
      : text.slice(0, at + edit.find.length) + edit.add + text.slice(at + edit.find.length);
  }
  writeFileSync(file, text);
  return true;
}

// The installed package (found as Node would, from here), or the copy named on the command line
// (`node scripts/patch-postgres.mjs <dir>`). Its exports do not include package.json, hence the search.
const require = createRequire(import.meta.url);
const root =
  process.argv[2] ??
  (require.resolve.paths("postgres") ?? [])
    .map((dir) => join(dir, "postgres"))
    .find((dir) => existsSync(join(dir, "package.json")));
if (!root) process.exit(0); // not installed (e.g. a partial install): nothing to patch
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
if (version !== VERSION) {
  console.error(
    `patch-postgres: postgres ${version} is installed, the patch is for ${VERSION}. Check whether upstream fixed ` +
      "a connection closing inside a transaction (see the script's comment), then update or remove scripts/patch-postgres.mjs.",
  );
  process.exit(1);
}
let patched = 0;
for (const build of ["src", "cjs/src", "cf/src"]) {
  const dir = join(root, build);
  if (!existsSync(dir)) continue;
  if (patchFile(join(dir, "connection.js"), connectionEdits)) patched++;
  if (patchFile(join(dir, "index.js"), indexEdits)) patched++;
}
if (patched) console.log(`patch-postgres: patched ${patched} files of postgres ${version}`);
