#!/usr/bin/env bash
# test/upgrade/run.sh: release hygiene: wirecodec 0.1 -> the current version.
#  1. CREATE EXTENSION wirecodec VERSION '0.1', then ALTER EXTENSION wirecodec
#     UPDATE: its whole catalog footprint (footprint.sql) must equal a fresh
#     CREATE EXTENSION wirecodec (the default version), line for line.
#  2. A table holding every type, with btree, hash and GiST indexes, made under
#     0.1 (data.sql), reads the same after the upgrade and after pg_dump -Fc /
#     pg_restore into a new database, and its indexes stay valid and used
#     (check.sql).
# Uses the caller's cluster (test/run.sh) or starts a throwaway one.
# Ends with "upgrade: N passed, N failed"; a difference is shown as a diff.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
wc_setup_cluster || { echo "upgrade: 0 passed, 1 failed"; exit 1; }

out=$(mktemp -d /tmp/wirecodec-upgrade.XXXXXX)
chmod 755 "$out"
passed=0
failed=0

# Compare two files; show the diff when they differ.
same() {
	if diff -u "$1" "$2" >"$out/diff" 2>&1; then
		check 0 "$3"
	else
		head -60 "$out/diff"
		check 1 "$3"
	fi
}

old=wc_upgrade_old_$$
new=wc_upgrade_new_$$
restored=wc_upgrade_restored_$$
for db in $old $new $restored; do psqlq -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1; done
psqlq -d postgres -c "CREATE DATABASE $old" -c "CREATE DATABASE $new" -c "CREATE DATABASE $restored"
check $? "create databases"

psqlq -d "$old" -c "CREATE EXTENSION wirecodec VERSION '0.1'" -f "$here/data.sql" >"$out/data.log" 2>&1
check $? "install 0.1 and fill a table of every type" || cat "$out/data.log"
psqlq -d "$old" -f "$here/check.sql" >"$out/before" 2>&1
check $? "read the table under 0.1" || cat "$out/before"
grep -q 'uses .*: false\|valid=f\|ready=f' "$out/before"
[ $? -ne 0 ]
check $? "under 0.1 every index is valid and used" || grep 'false\|=f' "$out/before"
psqlq -d "$old" -c "ALTER EXTENSION wirecodec UPDATE" >"$out/update.log" 2>&1
check $? "ALTER EXTENSION wirecodec UPDATE" || cat "$out/update.log"
v=$(psqlq -d "$old" -Atc "SELECT extversion FROM pg_extension WHERE extname = 'wirecodec'")
d=$(psqlq -d "$old" -Atc "SELECT default_version FROM pg_available_extensions WHERE name = 'wirecodec'")
[ -n "$v" ] && [ "$v" = "$d" ]
check $? "updated to the default version ($v = $d)"

psqlq -d "$new" -c "CREATE EXTENSION wirecodec"
psqlq -d "$old" -f "$here/footprint.sql" >"$out/footprint.upgraded" 2>&1
psqlq -d "$new" -f "$here/footprint.sql" >"$out/footprint.fresh" 2>&1
echo "   footprint: $(wc -l <"$out/footprint.fresh") facts"
[ "$(wc -l <"$out/footprint.fresh")" -gt 100 ]
check $? "the footprint query lists the extension's objects"
same "$out/footprint.upgraded" "$out/footprint.fresh" "upgraded 0.1 -> $d equals a fresh $d (diff: upgraded vs fresh)"

psqlq -d "$old" -f "$here/check.sql" >"$out/after" 2>&1
same "$out/before" "$out/after" "the table reads the same and its indexes are valid and used after the upgrade"

(cd / && "$PGBIN/pg_dump" -Fc -d "$old" -f "$out/dump") &&
	(cd / && "$PGBIN/pg_restore" --exit-on-error -d "$restored" "$out/dump")
check $? "pg_dump -Fc / pg_restore"
psqlq -d "$restored" -f "$here/check.sql" >"$out/restored" 2>&1
same "$out/before" "$out/restored" "the table reads the same and its indexes are valid and used after pg_dump/pg_restore"

for db in $old $new $restored; do psqlq -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1; done
[ "$failed" -eq 0 ] && rm -rf "$out" || echo "   files: $out"
echo "upgrade: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
