/**
 * A small TOML reader for the subset supabase/config.toml uses: comments, [dotted.tables], bare keys,
 * strings ("basic" with escapes, 'literal'), integers, floats, booleans and (multi-line) arrays of those.
 * Anything else is reported with its line number rather than guessed at.
 */
export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export type TomlTable = { [key: string]: TomlValue };

export class TomlError extends Error {}

export function parseToml(text: string): TomlTable {
  const root: TomlTable = {};
  let table = root;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = stripComment(lines[i] ?? "").trim();
    if (!line) continue;
    const lineNo = i + 1;
    const header = /^\[([A-Za-z0-9_.\-]+)\]$/.exec(line);
    if (header) {
      table = descend(root, header[1]!.split("."), lineNo);
      continue;
    }
    const eq = line.indexOf("=");
    if (eq < 1) throw new TomlError(`line ${lineNo}: expected key = value`);
    const key = line.slice(0, eq).trim();
    if (!/^[A-Za-z0-9_\-]+$/.test(key)) throw new TomlError(`line ${lineNo}: unsupported key ${key}`);
    let raw = line.slice(eq + 1).trim();
    // Arrays may span lines: keep reading until the brackets balance.
    while (raw.startsWith("[") && !balanced(raw) && i + 1 < lines.length) {
      raw += " " + stripComment(lines[++i] ?? "").trim();
    }
    const [value, rest] = parseValue(raw, lineNo);
    if (rest.trim()) throw new TomlError(`line ${lineNo}: unexpected ${rest.trim()}`);
    if (key in table) throw new TomlError(`line ${lineNo}: duplicate key ${key}`);
    table[key] = value;
  }
  return root;
}

function descend(root: TomlTable, names: string[], lineNo: number): TomlTable {
  let table = root;
  for (const name of names) {
    const next = (table[name] ??= {});
    if (typeof next !== "object" || Array.isArray(next))
      throw new TomlError(`line ${lineNo}: ${name} is not a table`);
    table = next;
  }
  return table;
}

/** Removes a # comment that is not inside a string. */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "#") return line.slice(0, i);
  }
  return line;
}

function balanced(raw: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (quote) {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "[") depth++;
    else if (c === "]") depth--;
  }
  return depth === 0;
}

const escapes: Record<string, string> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r", '"': '"', "\\": "\\" };

function parseValue(raw: string, lineNo: number): [TomlValue, string] {
  const s = raw.trimStart();
  if (s.startsWith('"')) {
    let out = "";
    for (let i = 1; i < s.length; i++) {
      const c = s[i]!;
      if (c === '"') return [out, s.slice(i + 1)];
      if (c === "\\") {
        const e = s[++i] ?? "";
        if (e === "u" || e === "U") {
          const len = e === "u" ? 4 : 8;
          out += String.fromCodePoint(parseInt(s.slice(i + 1, i + 1 + len), 16));
          i += len;
        } else if (e in escapes) out += escapes[e];
        else throw new TomlError(`line ${lineNo}: bad escape \\${e}`);
      } else out += c;
    }
    throw new TomlError(`line ${lineNo}: unterminated string`);
  }
  if (s.startsWith("'")) {
    const end = s.indexOf("'", 1);
    if (end < 0) throw new TomlError(`line ${lineNo}: unterminated string`);
    return [s.slice(1, end), s.slice(end + 1)];
  }
  if (s.startsWith("[")) {
    const items: TomlValue[] = [];
    let rest = s.slice(1).trimStart();
    while (!rest.startsWith("]")) {
      const [item, after] = parseValue(rest, lineNo);
      items.push(item);
      rest = after.trimStart();
      if (rest.startsWith(",")) rest = rest.slice(1).trimStart();
      else if (!rest.startsWith("]")) throw new TomlError(`line ${lineNo}: expected , or ] in array`);
    }
    return [items, rest.slice(1)];
  }
  const token = /^[^,\]\s]+/.exec(s)?.[0] ?? "";
  const rest = s.slice(token.length);
  if (token === "true" || token === "false") return [token === "true", rest];
  if (/^[+-]?\d[\d_]*$/.test(token)) return [Number(token.replaceAll("_", "")), rest];
  if (/^[+-]?\d[\d_]*(\.\d+)?([eE][+-]?\d+)?$/.test(token)) return [Number(token.replaceAll("_", "")), rest];
  throw new TomlError(`line ${lineNo}: unsupported value ${token || s}`);
}
