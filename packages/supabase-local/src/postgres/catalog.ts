import type postgres from "postgres";

/**
 * A schema-only picture of one database, read from the catalogs (the embedded binaries ship no pg_dump).
 * Each entry is one statement-like text under a key that names its object, so two pictures can be compared
 * entry by entry: what migrations added or changed, and what they took away from what Supabase provides.
 * Nothing that varies run to run is read: no OIDs, ports, passwords, versions or times.
 */
export type Catalog = Map<string, string>;

// Section numbers order the file the way a reader builds a schema up: roles first, grants and comments last.
const queries: [section: string, sql: string][] = [
  [
    "01 roles",
    `select '1 ' || r.rolname as name, format('create role %I with %s;', r.rolname, concat_ws(' ',
        case when r.rolsuper then 'superuser' else 'nosuperuser' end,
        case when r.rolinherit then 'inherit' else 'noinherit' end,
        case when r.rolcreaterole then 'createrole' else 'nocreaterole' end,
        case when r.rolcreatedb then 'createdb' else 'nocreatedb' end,
        case when r.rolcanlogin then 'login' else 'nologin' end,
        case when r.rolreplication then 'replication' else 'noreplication' end,
        case when r.rolbypassrls then 'bypassrls' else 'nobypassrls' end,
        case when r.rolconnlimit <> -1 then 'connection limit ' || r.rolconnlimit end)) as text
     from pg_roles r where r.rolname !~ '^pg_'
     union all
     select '2 ' || r.rolname || ' set ' || c, format('alter role %I set %s;', r.rolname, c)
     from pg_db_role_setting s join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) c
     where s.setdatabase = 0
     union all
     select '2 database set ' || c, format('alter database postgres set %s;', c)
     from pg_db_role_setting s, unnest(s.setconfig) c
     where s.setrole = 0 and s.setdatabase = (select oid from pg_database where datname = current_database())
     union all
     select '2 ' || r.rolname || ' in database set ' || c, format('alter role %I in database postgres set %s;', r.rolname, c)
     from pg_db_role_setting s join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) c
     where s.setdatabase = (select oid from pg_database where datname = current_database())
     union all
     select '3 ' || g.rolname || ' to ' || m.rolname, format('grant %I to %I%s;', g.rolname, m.rolname,
         coalesce(' with ' || nullif(concat_ws(', ', case when a.admin_option then 'admin option' end,
           case when not a.inherit_option then 'inherit false' end, case when not a.set_option then 'set false' end), ''), ''))
     from pg_auth_members a join pg_roles g on g.oid = a.roleid join pg_roles m on m.oid = a.member
     where m.rolname !~ '^pg_' and m.rolname <> current_user`,
  ],
  [
    "02 schemas",
    `select n.nspname, format('create schema %I; -- owner %s', n.nspname, pg_get_userbyid(n.nspowner))
     from pg_namespace n where %SCHEMA(n.oid)%
     union all
     select e.extname, format('create extension %I with schema %I;', e.extname, n.nspname)
     from pg_extension e join pg_namespace n on n.oid = e.extnamespace
     union all
     select p.pubname, format('create publication %I%s with (publish = %L); -- owner %s', p.pubname,
         case when p.puballtables then ' for all tables' end,
         concat_ws(', ', case when p.pubinsert then 'insert' end, case when p.pubupdate then 'update' end,
                   case when p.pubdelete then 'delete' end, case when p.pubtruncate then 'truncate' end),
         pg_get_userbyid(p.pubowner))
     from pg_publication p
     union all
     select p.pubname || ' ' || r.prrelid::regclass,
            format('alter publication %I add table %s%s%s;', p.pubname, r.prrelid::regclass,
                   ' (' || (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
                            where a.attrelid = r.prrelid and a.attnum = any(r.prattrs)) || ')',
                   ' where (' || pg_get_expr(r.prqual, r.prrelid) || ')')
     from pg_publication p join pg_publication_rel r on r.prpubid = p.oid`,
  ],
  [
    "03 types",
    `select t.oid::regtype::text, case t.typtype
       when 'e' then format('create type %s as enum (%s);', t.oid::regtype,
         (select string_agg(quote_literal(enumlabel), ', ' order by enumsortorder) from pg_enum where enumtypid = t.oid))
       when 'd' then format('create domain %s as %s%s%s%s;', t.oid::regtype, format_type(t.typbasetype, t.typtypmod),
         case when t.typnotnull then ' not null' end, ' default ' || t.typdefault,
         (select string_agg(' constraint ' || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid), '' order by c.conname)
          from pg_constraint c where c.contypid = t.oid))
       when 'c' then format('create type %s as (%s);', t.oid::regtype,
         (select string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
          from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped))
       else format('create type %s; -- typtype %s', t.oid::regtype, t.typtype) end
       || ' -- owner ' || pg_get_userbyid(t.typowner)
     from pg_type t
     where %SCHEMA(t.typnamespace)% and %NOT_EXT(t.oid, 'pg_type')%
       and (t.typtype in ('e', 'd') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))`,
  ],
  [
    "04 tables",
    `select c.oid::regclass::text, format(E'create %stable %s (\\n%s\\n)%s; -- owner %s%s',
         case c.relpersistence when 'u' then 'unlogged ' else '' end, c.oid::regclass,
         (select string_agg('  ' || quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod)
            || case when a.attcollation <> t.typcollation then ' collate ' || a.attcollation::regcollation::text else '' end
            || case a.attidentity when 'a' then ' generated always as identity' when 'd' then ' generated by default as identity' else '' end
            || case when a.attgenerated = 's' then ' generated always as (' || pg_get_expr(d.adbin, d.adrelid) || ') stored'
                    when d.adbin is not null then ' default ' || pg_get_expr(d.adbin, d.adrelid) else '' end
            || case when a.attnotnull then ' not null' else '' end, E',\\n' order by a.attnum)
          from pg_attribute a join pg_type t on t.oid = a.atttypid
          left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
         ' with (' || array_to_string(c.reloptions, ', ') || ')', pg_get_userbyid(c.relowner),
         case when c.relrowsecurity then format(E'\\nalter table %s enable row level security;', c.oid::regclass) else '' end
         || case when c.relforcerowsecurity then format(E'\\nalter table %s force row level security;', c.oid::regclass) else '' end)
     from pg_class c where c.relkind in ('r', 'p') and %SCHEMA(c.relnamespace)% and %NOT_EXT(c.oid, 'pg_class')%
     union all
     select c.oid::regclass::text, format('create sequence %s as %s increment %s minvalue %s maxvalue %s start %s cache %s%s%s; -- owner %s',
         c.oid::regclass, format_type(s.seqtypid, null), s.seqincrement, s.seqmin, s.seqmax, s.seqstart, s.seqcache,
         case when s.seqcycle then ' cycle' else '' end,
         (select ' owned by ' || d.refobjid::regclass || '.' || quote_ident(a.attname)
          from pg_depend d join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
          where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')),
         pg_get_userbyid(c.relowner))
     from pg_class c join pg_sequence s on s.seqrelid = c.oid
     where %SCHEMA(c.relnamespace)% and %NOT_EXT(c.oid, 'pg_class')%`,
  ],
  [
    "05 constraints",
    `select c.conrelid::regclass || ' ' || c.conname,
            format('alter table %s add constraint %I %s;', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid))
     from pg_constraint c join pg_class r on r.oid = c.conrelid
     where %SCHEMA(r.relnamespace)% and %NOT_EXT(r.oid, 'pg_class')%`,
  ],
  [
    "06 indexes",
    `select i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid) || ';'
     from pg_index i join pg_class r on r.oid = i.indrelid
     where %SCHEMA(r.relnamespace)% and %NOT_EXT(r.oid, 'pg_class')%`,
  ],
  [
    "07 views",
    `select c.oid::regclass::text, format(E'create %sview %s%s as\\n%s -- owner %s',
         case when c.relkind = 'm' then 'materialized ' else '' end, c.oid::regclass,
         ' with (' || array_to_string(c.reloptions, ', ') || ')', pg_get_viewdef(c.oid), pg_get_userbyid(c.relowner))
     from pg_class c where c.relkind in ('v', 'm') and %SCHEMA(c.relnamespace)% and %NOT_EXT(c.oid, 'pg_class')%`,
  ],
  [
    "08 functions",
    `select p.oid::regprocedure::text,
            case when p.prokind = 'a' then format('-- aggregate %s', p.oid::regprocedure)
                 else rtrim(pg_get_functiondef(p.oid), E'\\n') || ';' end
            || ' -- owner ' || pg_get_userbyid(p.proowner)
     from pg_proc p where %SCHEMA(p.pronamespace)% and %NOT_EXT(p.oid, 'pg_proc')%`,
  ],
  [
    "09 triggers",
    `select t.tgrelid::regclass || ' ' || t.tgname, pg_get_triggerdef(t.oid) || ';'
            || case t.tgenabled when 'D' then format(' alter table %s disable trigger %I;', t.tgrelid::regclass, t.tgname)
                                 when 'R' then ' -- enabled replica' when 'A' then ' -- enabled always' else '' end
     from pg_trigger t join pg_class r on r.oid = t.tgrelid
     where not t.tgisinternal and %SCHEMA(r.relnamespace)%`,
  ],
  [
    "10 policies",
    `select p.polrelid::regclass || ' ' || p.polname,
            format('create policy %I on %s as %s for %s to %s%s%s;', p.polname, p.polrelid::regclass,
              case when p.polpermissive then 'permissive' else 'restrictive' end,
              case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update' when 'd' then 'delete' else 'all' end,
              (select string_agg(case when r = 0 then 'public' else quote_ident(pg_get_userbyid(r)) end, ', ' order by 1)
               from unnest(p.polroles) r),
              E'\\n  using (' || pg_get_expr(p.polqual, p.polrelid) || ')',
              E'\\n  with check (' || pg_get_expr(p.polwithcheck, p.polrelid) || ')')
     from pg_policy p join pg_class r on r.oid = p.polrelid where %SCHEMA(r.relnamespace)%`,
  ],
  // One entry per privilege and grantee, so a revoke shows as an entry that went away.
  [
    "11 grants",
    `with acl as (
       select 'schema' as kind, quote_ident(n.nspname) as obj, aclexplode(coalesce(n.nspacl, acldefault('n'::"char", n.nspowner))) as a
       from pg_namespace n where %SCHEMA(n.oid)%
       union all
       select case c.relkind when 'S' then 'sequence' else 'table' end, c.oid::regclass::text,
              aclexplode(coalesce(c.relacl, acldefault((case c.relkind when 'S' then 's' else 'r' end)::"char", c.relowner)))
       from pg_class c where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and %SCHEMA(c.relnamespace)% and %NOT_EXT(c.oid, 'pg_class')%
       union all
       select 'column', c.oid::regclass || ' (' || quote_ident(a.attname) || ')', aclexplode(a.attacl)
       from pg_class c join pg_attribute a on a.attrelid = c.oid
       where a.attacl is not null and %SCHEMA(c.relnamespace)% and %NOT_EXT(c.oid, 'pg_class')%
       union all
       select 'function', p.oid::regprocedure::text, aclexplode(coalesce(p.proacl, acldefault('f'::"char", p.proowner)))
       from pg_proc p where %SCHEMA(p.pronamespace)% and %NOT_EXT(p.oid, 'pg_proc')%
       union all
       select 'type', t.oid::regtype::text, aclexplode(t.typacl)
       from pg_type t where t.typacl is not null and %SCHEMA(t.typnamespace)% and %NOT_EXT(t.oid, 'pg_type')%
       union all
       select 'database', 'postgres', aclexplode(d.datacl) from pg_database d where d.datname = current_database()
     )
     select distinct kind || ' ' || obj || ' ' || (a).privilege_type || ' ' || (a).grantee::regrole,
            format('grant %s on %s %s to %s%s;', lower((a).privilege_type),
                   case when kind = 'column' then 'table' else kind end,
                   case when kind = 'column' then replace(obj, ' (', ' ') || ' -- column' else obj end,
                   case when (a).grantee = 0 then 'public' else quote_ident(pg_get_userbyid((a).grantee)) end,
                   case when (a).is_grantable then ' with grant option' else '' end)
     from acl
     union all
     -- A role-wide entry replaces the built-in defaults (so it also records a revoke); one for a schema adds.
     select 'default ' || pg_get_userbyid(d.defaclrole) || ' ' || coalesce(n.nspname, '*') || ' ' || d.defaclobjtype::text,
            format('-- default privileges of role %I%s on new %s: %s', pg_get_userbyid(d.defaclrole),
                   coalesce(' in schema ' || quote_ident(n.nspname), ' (every schema, replacing the built-in defaults)'),
                   case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions'
                                        when 'T' then 'types' when 'n' then 'schemas' end,
                   (select string_agg(case when (a).grantee = 0 then 'public' else quote_ident(pg_get_userbyid((a).grantee)) end
                             || ' ' || lower((a).privilege_type) || case when (a).is_grantable then ' with grant option' else '' end,
                           ', ' order by 1)
                    from aclexplode(d.defaclacl) a))
     from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
     where d.defaclacl is not null`,
  ],
  [
    "12 comments",
    `select 'schema ' || n.nspname, format('comment on schema %I is %L;', n.nspname, d.description)
     from pg_description d join pg_namespace n on n.oid = d.objoid
     where d.classoid = 'pg_namespace'::regclass and %SCHEMA(n.oid)%
     union all
     select 'relation ' || c.oid::regclass || coalesce('.' || a.attname, ''),
            case when d.objsubid = 0
                 then format('comment on %s %s is %L;', case c.relkind when 'v' then 'view' when 'm' then 'materialized view' else 'table' end, c.oid::regclass, d.description)
                 else format('comment on column %s.%I is %L;', c.oid::regclass, a.attname, d.description) end
     from pg_description d join pg_class c on c.oid = d.objoid
     left join pg_attribute a on a.attrelid = c.oid and a.attnum = d.objsubid and d.objsubid > 0
     where d.classoid = 'pg_class'::regclass and %SCHEMA(c.relnamespace)% and %NOT_EXT(c.oid, 'pg_class')%
     union all
     select 'function ' || p.oid::regprocedure, format('comment on function %s is %L;', p.oid::regprocedure, d.description)
     from pg_description d join pg_proc p on p.oid = d.objoid
     where d.classoid = 'pg_proc'::regclass and %SCHEMA(p.pronamespace)% and %NOT_EXT(p.oid, 'pg_proc')%
     union all
     select 'constraint ' || c.conrelid::regclass || ' ' || c.conname,
            format('comment on constraint %I on %s is %L;', c.conname, c.conrelid::regclass, d.description)
     from pg_description d join pg_constraint c on c.oid = d.objoid
     where d.classoid = 'pg_constraint'::regclass and c.conrelid <> 0
     union all
     select 'trigger ' || t.tgrelid::regclass || ' ' || t.tgname,
            format('comment on trigger %I on %s is %L;', t.tgname, t.tgrelid::regclass, d.description)
     from pg_description d join pg_trigger t on t.oid = d.objoid where d.classoid = 'pg_trigger'::regclass
     union all
     select 'policy ' || p.polrelid::regclass || ' ' || p.polname,
            format('comment on policy %I on %s is %L;', p.polname, p.polrelid::regclass, d.description)
     from pg_description d join pg_policy p on p.oid = d.objoid where d.classoid = 'pg_policy'::regclass
     union all
     select 'type ' || t.oid::regtype, format('comment on type %s is %L;', t.oid::regtype, d.description)
     from pg_description d join pg_type t on t.oid = d.objoid
     where d.classoid = 'pg_type'::regclass and %SCHEMA(t.typnamespace)%`,
  ],
];

// Postgres' own schemas and the migration bookkeeping are not the project's schema.
const schemaFilter = (oid: string) =>
  `(select nspname from pg_namespace where oid = ${oid}) !~ '^(pg_|information_schema$|supabase_migrations$|supabase_local$)'`;
// Objects that belong to an extension come with `create extension`.
const notExtension = (oid: string, catalog: string) =>
  `not exists (select from pg_depend e where e.classid = ${catalog}::regclass and e.objid = ${oid} and e.deptype = 'e')`;

function expand(sql: string): string {
  return sql
    .replace(/%SCHEMA\(([^)]+)\)%/g, (_, oid: string) => schemaFilter(oid))
    .replace(/%NOT_EXT\(([^,]+), '([a-z_]+)'\)%/g, (_, oid: string, cat: string) =>
      notExtension(oid, `'${cat}'`),
    );
}

/** Reads the catalog picture; names come out schema-qualified whatever the caller's search_path. */
export async function readCatalog(sql: postgres.Sql): Promise<Catalog> {
  const entries: Catalog = new Map();
  await sql.begin(async (tx) => {
    await tx`set local search_path = pg_catalog`;
    for (const [section, query] of queries) {
      const rows = await tx.unsafe<{ [k: string]: string | null }[]>(expand(query)).values();
      for (const [key, text] of rows as unknown as [string, string | null][]) {
        if (text !== null) entries.set(`${section}\u0000${key}`, text);
      }
    }
  });
  return entries;
}

/**
 * What `after` has that `before` lacks or has otherwise, as SQL-like text sorted by section and name, then
 * what `before` had and `after` lost (a revoked grant, say), as comments.
 */
export function renderDifference(before: Catalog, after: Catalog, header: string): string {
  const sections = new Map<string, string[]>();
  const keys = [...after.keys()].filter((k) => before.get(k) !== after.get(k)).sort();
  for (const key of keys) {
    const section = key.slice(0, key.indexOf("\u0000"));
    sections.set(section, [...(sections.get(section) ?? []), after.get(key)!]);
  }
  const removed = [...before.keys()]
    .filter((k) => !after.has(k))
    .sort()
    .map((k) => `-- ${before.get(k)!.replace(/^-- /, "").replace(/\n/g, "\n-- ")}`);
  const parts = [header];
  for (const [section, texts] of sections)
    parts.push(`-- ── ${section.slice(3)} ──\n\n${texts.join("\n\n")}`);
  if (removed.length) {
    parts.push(`-- ── taken away from what Supabase provides ──\n\n${removed.join("\n")}`);
  }
  return `${parts.join("\n\n")}\n`;
}
