#!/bin/sh
# npm run test:integration: the stand-in's integration suite and the app's side by side, each on its own
# throwaway stack (free ports). Both mostly wait on timers, sockets and Postgres, so on two cores they take
# about half as long together as one after the other (measured on the 2-core machine: 57 s against 112 s).
# The stand-in's output is printed after the app's rather than interleaved; extra arguments go to the app's
# Vitest, as before (npm run test:integration -- lib/db).
log=$(mktemp)
npm run test:integration -w @noosa-tri/supabase-local >"$log" 2>&1 &
standin=$!
supabase-local --test -- vitest run --project integration "$@"
app=$?
wait "$standin"
standin_status=$?
echo "── @noosa-tri/supabase-local integration (ran alongside) ──"
cat "$log"
rm -f "$log"
[ "$app" -eq 0 ] && [ "$standin_status" -eq 0 ]
