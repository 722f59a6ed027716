#!/usr/bin/env bash
# test/trap/run.sh: the install and upgrade scripts against a hostile schema.
# A trusted extension's scripts run as superuser with the caller's schema on
# search_path; an operator or function there that a script's expression
# resolves to would run as superuser.  As a role with nothing but CREATE on
# a database, traps (test/trap/traps.sql: the operators and functions the
# scripts' text could reach, each of which logs, warns and tries to make its
# caller superuser) are made in a schema of its own, in public and in the
# installing session's pg_temp; then wirecodec is installed fresh, and from
# 0.1 and from 0.2 to the current version (one ALTER EXTENSION, and 0.1 ->
# 0.2 -> current step by step).  A check fails if a trap ran, the role
# became superuser, or the install failed.
# Uses the caller's cluster (test/run.sh) or starts a throwaway one; with
# PG_CONFIG set it runs against that server (the version matrix does).
# Ends with "trap: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
wc_setup_cluster || { echo "trap: 0 passed, 1 failed"; exit 1; }

out=$(mktemp -d /tmp/wirecodec-trap.XXXXXX)
chmod 755 "$out"
passed=0
failed=0

# The scripts CREATE EXTENSION runs: the installed ones.
extdir=$("$PG_CONFIG" --sharedir)/extension
cat "$extdir"/wirecodec--*.sql >"$out/scripts.sql"
[ -s "$out/scripts.sql" ]
check $? "the installed scripts are readable ($(ls "$extdir"/wirecodec--*.sql | wc -l) files)" || {
	echo "trap: $passed passed, $failed failed"
	exit 1
}

app=wc_trap_app_$$
psqlq -d postgres -c "DROP ROLE IF EXISTS $app" -c "CREATE ROLE $app LOGIN NOSUPERUSER" >/dev/null
# The role's own pg_temp traps are made in the installing session; as the
# role, in schema $1 (trap, public or pg_temp).
traps_sql() {
	printf '%s\n' "\\set scripts \`cat $out/scripts.sql\`" "\\pset format unaligned" "\\pset tuples_only on" \
		"SELECT kind || ': ' || n FROM trap_log.make_traps('$1', :'scripts');" "\\pset format aligned" "\\pset tuples_only off"
}
# A query of the checks, tried again while it fails: a session that made
# the pg_temp traps drops tens of thousands of objects as it exits, in one
# transaction that can fill the shared lock table (and fail there); while
# it does, a new connection can fail with "out of shared memory".
qretry() {
	local i out
	for i in $(seq 1 100); do
		out=$(psqlq "$@" 2>/dev/null) && { printf '%s\n' "$out"; return 0; }
		sleep 0.2
	done
	psqlq "$@"
}
# Wait (at most 30 s) until no session is left in database $1, so that the
# installing session's exit is over before its effects are read.
wait_gone() {
	local i
	for i in $(seq 1 150); do
		[ "$(qretry -d postgres -Atc "SELECT pg_catalog.count(*) FROM pg_catalog.pg_stat_activity WHERE datname OPERATOR(pg_catalog.=) '$1'")" = 0 ] && return 0
		sleep 0.2
	done
	return 1
}
db_n=0
# One scenario: placement (trap, public, pg_temp), then the SQL that
# installs or updates, run in the installing session.
scenario() {
	local place=$1 name=$2 install=$3 db target rc log super ran
	db_n=$((db_n + 1))
	db=wc_trap_${$}_$db_n
	log=$out/$db.log
	psqlq -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null 2>&1 &&
		psqlq -d "$db" -c "GRANT CREATE ON DATABASE $db TO $app" \
			-c "GRANT CREATE ON SCHEMA public TO $app" >/dev/null
	target=trap
	[ "$place" = public ] && target=public
	{
		psqlq -U "$app" -d "$db" -c "CREATE SCHEMA trap" -f "$here/traps.sql" &&
			if [ "$place" != pg_temp ]; then traps_sql "$place" | psqlq -U "$app" -d "$db" -f -; fi
	} >"$out/$db.traps" 2>&1
	rc=$?
	check $rc "$place: traps made" || { cat "$out/$db.traps"; return; }
	{
		[ "$place" = pg_temp ] && traps_sql pg_temp
		printf '%s\n' "$install" | sed "s/@TARGET@/$target/g"
		echo "SELECT extversion FROM pg_catalog.pg_extension WHERE extname OPERATOR(pg_catalog.=) 'wirecodec';"
	} | psqlq -U "$app" -d "$db" -f - >"$log" 2>&1
	rc=$?
	ran=$(grep -c 'WARNING:  wirecodec trap ran' "$log")
	wait_gone "$db" || echo "      (a session is still in $db after 30 s)"
	super=$(qretry -d postgres -Atc "SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname OPERATOR(pg_catalog.=) '$app'")
	n=$(qretry -d "$db" -Atc "SELECT pg_catalog.count(*) FROM trap_log.log")
	[ $rc -eq 0 ] && grep -q "^ *$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$wc_root/wirecodec.control")\$" "$log"
	check $? "$place, $name: installed" || tail -5 "$log"
	[ $db_n -eq 1 ] && grep -h '^symbols\|^types\|^functions named\|^trap ' "$out/$db.traps" | sed 's/^/      /' 
	[ "$ran" -eq 0 ] && [ "$n" = 0 ]
	check $? "$place, $name: no trap ran" || { grep 'WARNING:  wirecodec trap ran' "$log" | sort | uniq -c | head -10; }
	[ "$super" = f ]
	check $? "$place, $name: the role is not superuser" || {
		echo "      rolsuper read back as '$super'"
		psqlq -d postgres -c "ALTER ROLE $app NOSUPERUSER" >/dev/null
	}
	psqlq -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1
}

for place in trap public pg_temp; do
	scenario "$place" "fresh install" "CREATE EXTENSION wirecodec SCHEMA @TARGET@;"
	scenario "$place" "0.1 -> current in one update" \
		"CREATE EXTENSION wirecodec VERSION '0.1' SCHEMA @TARGET@;
ALTER EXTENSION wirecodec UPDATE;"
	scenario "$place" "0.2 -> current" \
		"CREATE EXTENSION wirecodec VERSION '0.2' SCHEMA @TARGET@;
ALTER EXTENSION wirecodec UPDATE;"
	scenario "$place" "0.1 -> 0.2 -> current" \
		"CREATE EXTENSION wirecodec VERSION '0.1' SCHEMA @TARGET@;
ALTER EXTENSION wirecodec UPDATE TO '0.2';
ALTER EXTENSION wirecodec UPDATE;"
done
# The list is not empty of what was found exploitable: =(oid, regprocedure)
# and =(oid, regoperator) are among the traps.
grep -q 'symbols: .*=' "$out"/*.traps "$out"/*.log 2>/dev/null
check $? "the traps cover the = operator"

psqlq -d postgres -c "DROP ROLE IF EXISTS $app" >/dev/null 2>&1
[ "$failed" -eq 0 ] && rm -rf "$out" || echo "   files: $out"
echo "trap: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
