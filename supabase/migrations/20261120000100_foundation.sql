-- Foundation: the private schema and the helpers every other migration uses (the text rule behind every
-- CHECK on user-written text, Noosa's date, updated_at stamps), and the two things the app asks before it
-- switches to a user's role: whether the token's session is live, and the sign-in throttle.
--
-- Functions and tables that are not part of the API live in schema private: PostgREST does not expose it,
-- and the API roles may only call what a migration grants them there.
create schema if not exists private;

revoke all on schema private from public;

grant usage on schema private to anon, authenticated, service_role;

-- Text that people see (names, titles, messages) must look like what it is (docs/product.md#text). One
-- rule, mirrored by lib/validation/text.ts (keep the two in step), used by every CHECK on user-written text:
--   * stored in Unicode NFC, so two spellings of "é" are one string;
--   * no White_Space at either end (the forms trim);
--   * no control characters (C0, DEL, C1, the line/paragraph separators), except newline in multi-line text;
--   * no bidirectional overrides, isolates or marks, which can make text read backwards (impersonation,
--     spoofed links);
--   * no invisible characters (Default_Ignorable_Code_Point, the braille blank U+2800, U+1D159) and no format
--     characters, even those that are not Default_Ignorable (they hide like the others). The zero-width
--     joiner and non-joiner are refused in one-line text (names, titles), where they only serve to make
--     look-alikes, and allowed in multi-line text, where emoji sequences and scripts such as Persian need them;
--   * something visible unless empty: a letter, number, punctuation or symbol (General_Category L, N, P, S)
--     that is not invisible, so a name of format characters or a lone combining mark does not pass as blank.
-- The visible and format classes are explicit code point ranges generated from Unicode 17.0 by
-- scripts/generate-visible-chars.ts, the same ranges the forms use (lib/validation/visible-chars.ts): Postgres'
-- regex has no Unicode categories and its own tables are an older Unicode, so neither side asks its engine.
-- Lengths are checked beside it with char_length (code points), as the forms count.
create or replace function private.is_safe_text(value text, multiline boolean default false)
returns boolean language sql immutable parallel safe as $$
  select value is nfc normalized
     -- White_Space at either end (the forms trim).
     and value !~ '^[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]|[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$'
     and value !~ case
       when multiline then
         '[\x01-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0d\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff\u2800\U0001d159\u0600-\u0605\u06dd\u070f\u0890-\u0891\u08e2\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f]'
       else
         '[\x01-\x1f\x7f-\x9f\u2028\u2029\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0d\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff\u2800\U0001d159\u0600-\u0605\u06dd\u070f\u0890-\u0891\u08e2\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f]'
     end
     -- A presentation selector with nothing visible before it.
     and value !~ '(^|[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\u200c\u200d\ufe0e\ufe0f])[\ufe0e\ufe0f]'
     -- Something visible, unless empty.
     and (value = '' or value ~ '[\u0021-\u007e\u00a1-\u00ac\u00ae-\u02ff\u0370-\u0377\u037a-\u037f\u0384-\u038a\u038c\u038e-\u03a1\u03a3-\u0482\u048a-\u052f\u0531-\u0556\u0559-\u058a\u058d-\u058f\u05be\u05c0\u05c3\u05c6\u05d0-\u05ea\u05ef-\u05f4\u0606-\u060f\u061b\u061d-\u064a\u0660-\u066f\u0671-\u06d5\u06de\u06e5-\u06e6\u06e9\u06ee-\u070d\u0710\u0712-\u072f\u074d-\u07a5\u07b1\u07c0-\u07ea\u07f4-\u07fa\u07fe-\u0815\u081a\u0824\u0828\u0830-\u083e\u0840-\u0858\u085e\u0860-\u086a\u0870-\u088f\u08a0-\u08c9\u0904-\u0939\u093d\u0950\u0958-\u0961\u0964-\u0980\u0985-\u098c\u098f-\u0990\u0993-\u09a8\u09aa-\u09b0\u09b2\u09b6-\u09b9\u09bd\u09ce\u09dc-\u09dd\u09df-\u09e1\u09e6-\u09fd\u0a05-\u0a0a\u0a0f-\u0a10\u0a13-\u0a28\u0a2a-\u0a30\u0a32-\u0a33\u0a35-\u0a36\u0a38-\u0a39\u0a59-\u0a5c\u0a5e\u0a66-\u0a6f\u0a72-\u0a74\u0a76\u0a85-\u0a8d\u0a8f-\u0a91\u0a93-\u0aa8\u0aaa-\u0ab0\u0ab2-\u0ab3\u0ab5-\u0ab9\u0abd\u0ad0\u0ae0-\u0ae1\u0ae6-\u0af1\u0af9\u0b05-\u0b0c\u0b0f-\u0b10\u0b13-\u0b28\u0b2a-\u0b30\u0b32-\u0b33\u0b35-\u0b39\u0b3d\u0b5c-\u0b5d\u0b5f-\u0b61\u0b66-\u0b77\u0b83\u0b85-\u0b8a\u0b8e-\u0b90\u0b92-\u0b95\u0b99-\u0b9a\u0b9c\u0b9e-\u0b9f\u0ba3-\u0ba4\u0ba8-\u0baa\u0bae-\u0bb9\u0bd0\u0be6-\u0bfa\u0c05-\u0c0c\u0c0e-\u0c10\u0c12-\u0c28\u0c2a-\u0c39\u0c3d\u0c58-\u0c5a\u0c5c-\u0c5d\u0c60-\u0c61\u0c66-\u0c6f\u0c77-\u0c80\u0c84-\u0c8c\u0c8e-\u0c90\u0c92-\u0ca8\u0caa-\u0cb3\u0cb5-\u0cb9\u0cbd\u0cdc-\u0cde\u0ce0-\u0ce1\u0ce6-\u0cef\u0cf1-\u0cf2\u0d04-\u0d0c\u0d0e-\u0d10\u0d12-\u0d3a\u0d3d\u0d4e-\u0d4f\u0d54-\u0d56\u0d58-\u0d61\u0d66-\u0d7f\u0d85-\u0d96\u0d9a-\u0db1\u0db3-\u0dbb\u0dbd\u0dc0-\u0dc6\u0de6-\u0def\u0df4\u0e01-\u0e30\u0e32-\u0e33\u0e3f-\u0e46\u0e4f-\u0e5b\u0e81-\u0e82\u0e84\u0e86-\u0e8a\u0e8c-\u0ea3\u0ea5\u0ea7-\u0eb0\u0eb2-\u0eb3\u0ebd\u0ec0-\u0ec4\u0ec6\u0ed0-\u0ed9\u0edc-\u0edf\u0f00-\u0f17\u0f1a-\u0f34\u0f36\u0f38\u0f3a-\u0f3d\u0f40-\u0f47\u0f49-\u0f6c\u0f85\u0f88-\u0f8c\u0fbe-\u0fc5\u0fc7-\u0fcc\u0fce-\u0fda\u1000-\u102a\u103f-\u1055\u105a-\u105d\u1061\u1065-\u1066\u106e-\u1070\u1075-\u1081\u108e\u1090-\u1099\u109e-\u10c5\u10c7\u10cd\u10d0-\u115e\u1161-\u1248\u124a-\u124d\u1250-\u1256\u1258\u125a-\u125d\u1260-\u1288\u128a-\u128d\u1290-\u12b0\u12b2-\u12b5\u12b8-\u12be\u12c0\u12c2-\u12c5\u12c8-\u12d6\u12d8-\u1310\u1312-\u1315\u1318-\u135a\u1360-\u137c\u1380-\u1399\u13a0-\u13f5\u13f8-\u13fd\u1400-\u167f\u1681-\u169c\u16a0-\u16f8\u1700-\u1711\u171f-\u1731\u1735-\u1736\u1740-\u1751\u1760-\u176c\u176e-\u1770\u1780-\u17b3\u17d4-\u17dc\u17e0-\u17e9\u17f0-\u17f9\u1800-\u180a\u1810-\u1819\u1820-\u1878\u1880-\u1884\u1887-\u18a8\u18aa\u18b0-\u18f5\u1900-\u191e\u1940\u1944-\u196d\u1970-\u1974\u1980-\u19ab\u19b0-\u19c9\u19d0-\u19da\u19de-\u1a16\u1a1e-\u1a54\u1a80-\u1a89\u1a90-\u1a99\u1aa0-\u1aad\u1b05-\u1b33\u1b45-\u1b4c\u1b4e-\u1b6a\u1b74-\u1b7f\u1b83-\u1ba0\u1bae-\u1be5\u1bfc-\u1c23\u1c3b-\u1c49\u1c4d-\u1c8a\u1c90-\u1cba\u1cbd-\u1cc7\u1cd3\u1ce9-\u1cec\u1cee-\u1cf3\u1cf5-\u1cf6\u1cfa\u1d00-\u1dbf\u1e00-\u1f15\u1f18-\u1f1d\u1f20-\u1f45\u1f48-\u1f4d\u1f50-\u1f57\u1f59\u1f5b\u1f5d\u1f5f-\u1f7d\u1f80-\u1fb4\u1fb6-\u1fc4\u1fc6-\u1fd3\u1fd6-\u1fdb\u1fdd-\u1fef\u1ff2-\u1ff4\u1ff6-\u1ffe\u2010-\u2027\u2030-\u205e\u2070-\u2071\u2074-\u208e\u2090-\u209c\u20a0-\u20c1\u2100-\u218b\u2190-\u2429\u2440-\u244a\u2460-\u27ff\u2801-\u2b73\u2b76-\u2cee\u2cf2-\u2cf3\u2cf9-\u2d25\u2d27\u2d2d\u2d30-\u2d67\u2d6f-\u2d70\u2d80-\u2d96\u2da0-\u2da6\u2da8-\u2dae\u2db0-\u2db6\u2db8-\u2dbe\u2dc0-\u2dc6\u2dc8-\u2dce\u2dd0-\u2dd6\u2dd8-\u2dde\u2e00-\u2e5d\u2e80-\u2e99\u2e9b-\u2ef3\u2f00-\u2fd5\u2ff0-\u2fff\u3001-\u3029\u3030-\u303f\u3041-\u3096\u309b-\u30ff\u3105-\u312f\u3131-\u3163\u3165-\u318e\u3190-\u31e5\u31ef-\u321e\u3220-\ua48c\ua490-\ua4c6\ua4d0-\ua62b\ua640-\ua66e\ua673\ua67e-\ua69d\ua6a0-\ua6ef\ua6f2-\ua6f7\ua700-\ua7dc\ua7f1-\ua801\ua803-\ua805\ua807-\ua80a\ua80c-\ua822\ua828-\ua82b\ua830-\ua839\ua840-\ua877\ua882-\ua8b3\ua8ce-\ua8d9\ua8f2-\ua8fe\ua900-\ua925\ua92e-\ua946\ua95f-\ua97c\ua984-\ua9b2\ua9c1-\ua9cd\ua9cf-\ua9d9\ua9de-\ua9e4\ua9e6-\ua9fe\uaa00-\uaa28\uaa40-\uaa42\uaa44-\uaa4b\uaa50-\uaa59\uaa5c-\uaa7a\uaa7e-\uaaaf\uaab1\uaab5-\uaab6\uaab9-\uaabd\uaac0\uaac2\uaadb-\uaaea\uaaf0-\uaaf4\uab01-\uab06\uab09-\uab0e\uab11-\uab16\uab20-\uab26\uab28-\uab2e\uab30-\uab6b\uab70-\uabe2\uabeb\uabf0-\uabf9\uac00-\ud7a3\ud7b0-\ud7c6\ud7cb-\ud7fb\uf900-\ufa6d\ufa70-\ufad9\ufb00-\ufb06\ufb13-\ufb17\ufb1d\ufb1f-\ufb36\ufb38-\ufb3c\ufb3e\ufb40-\ufb41\ufb43-\ufb44\ufb46-\ufdcf\ufdf0-\ufdff\ufe10-\ufe19\ufe30-\ufe52\ufe54-\ufe66\ufe68-\ufe6b\ufe70-\ufe74\ufe76-\ufefc\uff01-\uff9f\uffa1-\uffbe\uffc2-\uffc7\uffca-\uffcf\uffd2-\uffd7\uffda-\uffdc\uffe0-\uffe6\uffe8-\uffee\ufffc-\ufffd\U00010000-\U0001000b\U0001000d-\U00010026\U00010028-\U0001003a\U0001003c-\U0001003d\U0001003f-\U0001004d\U00010050-\U0001005d\U00010080-\U000100fa\U00010100-\U00010102\U00010107-\U00010133\U00010137-\U0001018e\U00010190-\U0001019c\U000101a0\U000101d0-\U000101fc\U00010280-\U0001029c\U000102a0-\U000102d0\U000102e1-\U000102fb\U00010300-\U00010323\U0001032d-\U0001034a\U00010350-\U00010375\U00010380-\U0001039d\U0001039f-\U000103c3\U000103c8-\U000103d5\U00010400-\U0001049d\U000104a0-\U000104a9\U000104b0-\U000104d3\U000104d8-\U000104fb\U00010500-\U00010527\U00010530-\U00010563\U0001056f-\U0001057a\U0001057c-\U0001058a\U0001058c-\U00010592\U00010594-\U00010595\U00010597-\U000105a1\U000105a3-\U000105b1\U000105b3-\U000105b9\U000105bb-\U000105bc\U000105c0-\U000105f3\U00010600-\U00010736\U00010740-\U00010755\U00010760-\U00010767\U00010780-\U00010785\U00010787-\U000107b0\U000107b2-\U000107ba\U00010800-\U00010805\U00010808\U0001080a-\U00010835\U00010837-\U00010838\U0001083c\U0001083f-\U00010855\U00010857-\U0001089e\U000108a7-\U000108af\U000108e0-\U000108f2\U000108f4-\U000108f5\U000108fb-\U0001091b\U0001091f-\U00010939\U0001093f-\U00010959\U00010980-\U000109b7\U000109bc-\U000109cf\U000109d2-\U00010a00\U00010a10-\U00010a13\U00010a15-\U00010a17\U00010a19-\U00010a35\U00010a40-\U00010a48\U00010a50-\U00010a58\U00010a60-\U00010a9f\U00010ac0-\U00010ae4\U00010aeb-\U00010af6\U00010b00-\U00010b35\U00010b39-\U00010b55\U00010b58-\U00010b72\U00010b78-\U00010b91\U00010b99-\U00010b9c\U00010ba9-\U00010baf\U00010c00-\U00010c48\U00010c80-\U00010cb2\U00010cc0-\U00010cf2\U00010cfa-\U00010d23\U00010d30-\U00010d39\U00010d40-\U00010d65\U00010d6e-\U00010d85\U00010d8e-\U00010d8f\U00010e60-\U00010e7e\U00010e80-\U00010ea9\U00010ead\U00010eb0-\U00010eb1\U00010ec2-\U00010ec7\U00010ed0-\U00010ed8\U00010f00-\U00010f27\U00010f30-\U00010f45\U00010f51-\U00010f59\U00010f70-\U00010f81\U00010f86-\U00010f89\U00010fb0-\U00010fcb\U00010fe0-\U00010ff6\U00011003-\U00011037\U00011047-\U0001104d\U00011052-\U0001106f\U00011071-\U00011072\U00011075\U00011083-\U000110af\U000110bb-\U000110bc\U000110be-\U000110c1\U000110d0-\U000110e8\U000110f0-\U000110f9\U00011103-\U00011126\U00011136-\U00011144\U00011147\U00011150-\U00011172\U00011174-\U00011176\U00011183-\U000111b2\U000111c1-\U000111c8\U000111cd\U000111d0-\U000111df\U000111e1-\U000111f4\U00011200-\U00011211\U00011213-\U0001122b\U00011238-\U0001123d\U0001123f-\U00011240\U00011280-\U00011286\U00011288\U0001128a-\U0001128d\U0001128f-\U0001129d\U0001129f-\U000112a9\U000112b0-\U000112de\U000112f0-\U000112f9\U00011305-\U0001130c\U0001130f-\U00011310\U00011313-\U00011328\U0001132a-\U00011330\U00011332-\U00011333\U00011335-\U00011339\U0001133d\U00011350\U0001135d-\U00011361\U00011380-\U00011389\U0001138b\U0001138e\U00011390-\U000113b5\U000113b7\U000113d1\U000113d3-\U000113d5\U000113d7-\U000113d8\U00011400-\U00011434\U00011447-\U0001145b\U0001145d\U0001145f-\U00011461\U00011480-\U000114af\U000114c4-\U000114c7\U000114d0-\U000114d9\U00011580-\U000115ae\U000115c1-\U000115db\U00011600-\U0001162f\U00011641-\U00011644\U00011650-\U00011659\U00011660-\U0001166c\U00011680-\U000116aa\U000116b8-\U000116b9\U000116c0-\U000116c9\U000116d0-\U000116e3\U00011700-\U0001171a\U00011730-\U00011746\U00011800-\U0001182b\U0001183b\U000118a0-\U000118f2\U000118ff-\U00011906\U00011909\U0001190c-\U00011913\U00011915-\U00011916\U00011918-\U0001192f\U0001193f\U00011941\U00011944-\U00011946\U00011950-\U00011959\U000119a0-\U000119a7\U000119aa-\U000119d0\U000119e1-\U000119e3\U00011a00\U00011a0b-\U00011a32\U00011a3a\U00011a3f-\U00011a46\U00011a50\U00011a5c-\U00011a89\U00011a9a-\U00011aa2\U00011ab0-\U00011af8\U00011b00-\U00011b09\U00011bc0-\U00011be1\U00011bf0-\U00011bf9\U00011c00-\U00011c08\U00011c0a-\U00011c2e\U00011c40-\U00011c45\U00011c50-\U00011c6c\U00011c70-\U00011c8f\U00011d00-\U00011d06\U00011d08-\U00011d09\U00011d0b-\U00011d30\U00011d46\U00011d50-\U00011d59\U00011d60-\U00011d65\U00011d67-\U00011d68\U00011d6a-\U00011d89\U00011d98\U00011da0-\U00011da9\U00011db0-\U00011ddb\U00011de0-\U00011de9\U00011ee0-\U00011ef2\U00011ef7-\U00011ef8\U00011f02\U00011f04-\U00011f10\U00011f12-\U00011f33\U00011f43-\U00011f59\U00011fb0\U00011fc0-\U00011ff1\U00011fff-\U00012399\U00012400-\U0001246e\U00012470-\U00012474\U00012480-\U00012543\U00012f90-\U00012ff2\U00013000-\U0001342f\U00013441-\U00013446\U00013460-\U000143fa\U00014400-\U00014646\U00016100-\U0001611d\U00016130-\U00016139\U00016800-\U00016a38\U00016a40-\U00016a5e\U00016a60-\U00016a69\U00016a6e-\U00016abe\U00016ac0-\U00016ac9\U00016ad0-\U00016aed\U00016af5\U00016b00-\U00016b2f\U00016b37-\U00016b45\U00016b50-\U00016b59\U00016b5b-\U00016b61\U00016b63-\U00016b77\U00016b7d-\U00016b8f\U00016d40-\U00016d79\U00016e40-\U00016e9a\U00016ea0-\U00016eb8\U00016ebb-\U00016ed3\U00016f00-\U00016f4a\U00016f50\U00016f93-\U00016f9f\U00016fe0-\U00016fe3\U00016ff2-\U00016ff6\U00017000-\U00018cd5\U00018cff-\U00018d1e\U00018d80-\U00018df2\U0001aff0-\U0001aff3\U0001aff5-\U0001affb\U0001affd-\U0001affe\U0001b000-\U0001b122\U0001b132\U0001b150-\U0001b152\U0001b155\U0001b164-\U0001b167\U0001b170-\U0001b2fb\U0001bc00-\U0001bc6a\U0001bc70-\U0001bc7c\U0001bc80-\U0001bc88\U0001bc90-\U0001bc99\U0001bc9c\U0001bc9f\U0001cc00-\U0001ccfc\U0001cd00-\U0001ceb3\U0001ceba-\U0001ced0\U0001cee0-\U0001cef0\U0001cf50-\U0001cfc3\U0001d000-\U0001d0f5\U0001d100-\U0001d126\U0001d129-\U0001d158\U0001d15a-\U0001d164\U0001d16a-\U0001d16c\U0001d183-\U0001d184\U0001d18c-\U0001d1a9\U0001d1ae-\U0001d1ea\U0001d200-\U0001d241\U0001d245\U0001d2c0-\U0001d2d3\U0001d2e0-\U0001d2f3\U0001d300-\U0001d356\U0001d360-\U0001d378\U0001d400-\U0001d454\U0001d456-\U0001d49c\U0001d49e-\U0001d49f\U0001d4a2\U0001d4a5-\U0001d4a6\U0001d4a9-\U0001d4ac\U0001d4ae-\U0001d4b9\U0001d4bb\U0001d4bd-\U0001d4c3\U0001d4c5-\U0001d505\U0001d507-\U0001d50a\U0001d50d-\U0001d514\U0001d516-\U0001d51c\U0001d51e-\U0001d539\U0001d53b-\U0001d53e\U0001d540-\U0001d544\U0001d546\U0001d54a-\U0001d550\U0001d552-\U0001d6a5\U0001d6a8-\U0001d7cb\U0001d7ce-\U0001d9ff\U0001da37-\U0001da3a\U0001da6d-\U0001da74\U0001da76-\U0001da83\U0001da85-\U0001da8b\U0001df00-\U0001df1e\U0001df25-\U0001df2a\U0001e030-\U0001e06d\U0001e100-\U0001e12c\U0001e137-\U0001e13d\U0001e140-\U0001e149\U0001e14e-\U0001e14f\U0001e290-\U0001e2ad\U0001e2c0-\U0001e2eb\U0001e2f0-\U0001e2f9\U0001e2ff\U0001e4d0-\U0001e4eb\U0001e4f0-\U0001e4f9\U0001e5d0-\U0001e5ed\U0001e5f0-\U0001e5fa\U0001e5ff\U0001e6c0-\U0001e6de\U0001e6e0-\U0001e6e2\U0001e6e4-\U0001e6e5\U0001e6e7-\U0001e6ed\U0001e6f0-\U0001e6f4\U0001e6fe-\U0001e6ff\U0001e7e0-\U0001e7e6\U0001e7e8-\U0001e7eb\U0001e7ed-\U0001e7ee\U0001e7f0-\U0001e7fe\U0001e800-\U0001e8c4\U0001e8c7-\U0001e8cf\U0001e900-\U0001e943\U0001e94b\U0001e950-\U0001e959\U0001e95e-\U0001e95f\U0001ec71-\U0001ecb4\U0001ed01-\U0001ed3d\U0001ee00-\U0001ee03\U0001ee05-\U0001ee1f\U0001ee21-\U0001ee22\U0001ee24\U0001ee27\U0001ee29-\U0001ee32\U0001ee34-\U0001ee37\U0001ee39\U0001ee3b\U0001ee42\U0001ee47\U0001ee49\U0001ee4b\U0001ee4d-\U0001ee4f\U0001ee51-\U0001ee52\U0001ee54\U0001ee57\U0001ee59\U0001ee5b\U0001ee5d\U0001ee5f\U0001ee61-\U0001ee62\U0001ee64\U0001ee67-\U0001ee6a\U0001ee6c-\U0001ee72\U0001ee74-\U0001ee77\U0001ee79-\U0001ee7c\U0001ee7e\U0001ee80-\U0001ee89\U0001ee8b-\U0001ee9b\U0001eea1-\U0001eea3\U0001eea5-\U0001eea9\U0001eeab-\U0001eebb\U0001eef0-\U0001eef1\U0001f000-\U0001f02b\U0001f030-\U0001f093\U0001f0a0-\U0001f0ae\U0001f0b1-\U0001f0bf\U0001f0c1-\U0001f0cf\U0001f0d1-\U0001f0f5\U0001f100-\U0001f1ad\U0001f1e6-\U0001f202\U0001f210-\U0001f23b\U0001f240-\U0001f248\U0001f250-\U0001f251\U0001f260-\U0001f265\U0001f300-\U0001f6d8\U0001f6dc-\U0001f6ec\U0001f6f0-\U0001f6fc\U0001f700-\U0001f7d9\U0001f7e0-\U0001f7eb\U0001f7f0\U0001f800-\U0001f80b\U0001f810-\U0001f847\U0001f850-\U0001f859\U0001f860-\U0001f887\U0001f890-\U0001f8ad\U0001f8b0-\U0001f8bb\U0001f8c0-\U0001f8c1\U0001f8d0-\U0001f8d8\U0001f900-\U0001fa57\U0001fa60-\U0001fa6d\U0001fa70-\U0001fa7c\U0001fa80-\U0001fa8a\U0001fa8e-\U0001fac6\U0001fac8\U0001facd-\U0001fadc\U0001fadf-\U0001faea\U0001faef-\U0001faf8\U0001fb00-\U0001fb92\U0001fb94-\U0001fbfa\U00020000-\U0002a6df\U0002a700-\U0002b81d\U0002b820-\U0002cead\U0002ceb0-\U0002ebe0\U0002ebf0-\U0002ee5d\U0002f800-\U0002fa1d\U00030000-\U0003134a\U00031350-\U00033479]')
$$;

-- One-line text inside the jsonb and array columns (location name, target times, achievements): a length
-- in code points and the safe-text rule. Shape checks stay in functions so the CHECKs stay readable.
create or replace function private.is_single_line(value text, min_len int, max_len int)
returns boolean language sql immutable as $$
  select char_length(value) between min_len and max_len
     and private.is_safe_text(value, false)
$$;

-- updated_at follows every change, whatever the client sends.
create or replace function private.set_updated_at()
returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- Live sessions (docs/security.md#sessions). An access token outlives sign-out (it stays valid offline for up
-- to an hour), so lib/db withRls asks this function, inside the same transaction, whether the token's session
-- still exists. Sign-out (local or global) deletes the session rows in GoTrue and in the local stand-in;
-- `not_after` is GoTrue's time-box. Hosted Supabase has the same auth.sessions (id, user_id, not_after).
-- Security definer because the API roles cannot read auth.sessions; it reveals only yes or no about the
-- caller's own claims. The app's login role calls it before it switches to anon/authenticated (granted in the
-- app login migration).
create or replace function private.session_is_live(claims jsonb)
returns boolean language plpgsql stable security definer set search_path = '' as $$
declare
  sid text := claims ->> 'session_id';
  uid text := claims ->> 'sub';
begin
  -- Checked before any cast, so malformed claims give false instead of an error.
  if sid is null or uid is null
     or sid !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or uid !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  return exists (
    select 1 from auth.sessions s
    where s.id = sid::uuid and s.user_id = uid::uuid and (s.not_after is null or s.not_after > now())
  );
end
$$;

revoke all on function private.session_is_live(jsonb) from public;

-- The sign-in throttle (docs/security.md#rate-limits). Auth's own limits count per address, and every server
-- action reaches Auth from the app server's one address, so one visitor's wrong passwords could lock everyone
-- out. The app keeps its own sliding-window counters here, per client address and per account
-- (lib/auth/throttle.ts), so an attacker is slowed and nobody else. Only the two security-definer functions
-- below touch the table; the API roles have no access to it at all.
create table private.auth_attempts (
  id bigint generated always as identity primary key,
  -- e.g. 'sign_in:ip:203.0.113.7', 'sign_in:account:mia@example.com' (lib/auth/throttle.ts)
  bucket text not null check (char_length(bucket) between 1 and 400),
  attempt uuid not null,
  at timestamptz not null default now()
);

create index auth_attempts_bucket_at_idx on private.auth_attempts (bucket, at desc);

create index auth_attempts_attempt_idx on private.auth_attempts (attempt);

create index auth_attempts_at_idx on private.auth_attempts (at);

alter table private.auth_attempts enable row level security;

revoke all on private.auth_attempts from public, anon, authenticated;

-- Counts one attempt in every bucket of `rules` ([{"bucket": text, "limit": int}, …]), unless a bucket
-- already holds its limit within the window: then nothing is counted and retry_after_seconds says when
-- the attempt that must leave the window does. Refused attempts are not counted, so waiting always ends
-- the block. (jsonb rather than arrays: array parameters are fragile through transaction poolers.)
create or replace function private.take_auth_attempt(rules jsonb, window_seconds int)
returns table (attempt uuid, retry_after_seconds int)
language plpgsql volatile security definer set search_path = '' as $$
declare
  span interval := make_interval(secs => window_seconds);
  wait int := 0;
  remaining int;
  new_attempt uuid := gen_random_uuid();
  buckets text[];
  limits int[];
begin
  select array_agg(r ->> 'bucket' order by n), array_agg((r ->> 'limit')::int order by n)
    into buckets, limits
    from jsonb_array_elements(case when jsonb_typeof(rules) = 'array' then rules else '[]' end)
         with ordinality as e(r, n);
  if coalesce(cardinality(buckets), 0) = 0 or array_position(buckets, null) is not null
     or window_seconds not between 1 and 86400 or 1 > any (limits) or array_position(limits, null) is not null then
    raise exception 'take_auth_attempt: bad arguments' using errcode = '22023';
  end if;
  -- One request at a time per bucket (in a fixed order, so two requests never deadlock): parallel
  -- attempts cannot all slip under the limit.
  perform pg_advisory_xact_lock(hashtextextended(b, 20261123)) from (select unnest(buckets) as b order by 1) s;
  delete from private.auth_attempts a where a.bucket = any (buckets) and a.at <= now() - span;
  -- Old rows of buckets nobody uses any more.
  if random() < 0.02 then
    delete from private.auth_attempts a where a.at <= now() - interval '1 day';
  end if;
  for i in 1 .. cardinality(buckets) loop
    select ceil(extract(epoch from a.at + span - now()))::int into remaining
      from private.auth_attempts a where a.bucket = buckets[i]
      order by a.at desc offset limits[i] - 1 limit 1;
    if found then
      wait := greatest(wait, remaining, 1);
    end if;
  end loop;
  if wait > 0 then
    return query select null::uuid, wait;
    return;
  end if;
  insert into private.auth_attempts (bucket, attempt) select b, new_attempt from unnest(buckets) as b;
  return query select new_attempt, 0;
end
$$;

-- An attempt that succeeded is not held against anyone: only failures count.
create or replace function private.forgive_auth_attempt(attempt_id uuid)
returns void language sql volatile security definer set search_path = '' as $$
  delete from private.auth_attempts where attempt = attempt_id
$$;

revoke all on function private.take_auth_attempt(jsonb, int) from public;

revoke all on function private.forgive_auth_attempt(uuid) from public;

-- Today's date in Noosa (urgent_by is a calendar day there).
create or replace function private.noosa_today()
returns date language sql stable set search_path = '' as $$
  select (now() at time zone 'Australia/Brisbane')::date
$$;

-- "try again in 8 seconds", "in 12 minutes", "in 3 hours": the wait in the unit a person reads at a glance.
create or replace function private.try_again_in(seconds int)
returns text language sql immutable set search_path = '' as $$
  select case
    when seconds <= 120 then format('%s %s', greatest(seconds, 1), case when seconds <= 1 then 'second' else 'seconds' end)
    when seconds <= 120 * 60 then format('%s minutes', ceil(seconds / 60.0)::int)
    else format('%s hours', ceil(seconds / 3600.0)::int)
  end
$$;

create or replace function private.too_fast(seconds int, what text)
returns void language plpgsql set search_path = '' as $$
begin
  raise exception 'You''re sending messages too fast, try again in %', private.try_again_in(seconds)
    using errcode = 'P0429', detail = what, hint = seconds::text;
end;
$$;

revoke all on function private.try_again_in(int), private.too_fast(int, text) from public, anon, authenticated;

-- "Sam" from "Sam O'Neil" (the whole name when it has no space): how the automatic messages greet people.
create or replace function private.first_name(full_name text)
returns text language sql immutable set search_path = '' as $$
  select coalesce(nullif(split_part(btrim(full_name), ' ', 1), ''), full_name)
$$;

revoke all on function private.first_name(text) from public, anon, authenticated;

comment on function private.is_safe_text(text, boolean) is
  'True when text is NFC, trimmed, shows a letter, number, punctuation or symbol when not empty, and is free of control, format, bidi-override and invisible (Default_Ignorable_Code_Point, U+2800, U+1D159) characters (see lib/validation/text.ts).';
