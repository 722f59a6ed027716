#!/usr/bin/env bash
# test/trap/runtime.sh: the extension's own calls at run time against a
# hostile schema.  wirecodec is installed by the superuser in schema wc; a
# role with nothing but CREATE on wc and public (the attacker) fills both
# with traps (test/trap/traps.sql), derived from the catalog and the source:
# beside every function and operator of the extension, the same name with
# each argument in turn replaced by a type a call could pass that would
# match better (trap_log.make_ext_traps), and the pg_catalog functions and
# operators that the installed scripts and the SPI statements of src/pg
# name, shadowed (trap_log.make_traps).  Each trap warns, logs and tries
# to make the attacker superuser.  Then an ordinary role and the superuser,
# whose search_path holds both schemas, run test/trap/runtime_calls.sql:
# every function that writes or has an SQL or PL/pgSQL body (the check
# finds them in the catalog, so a new one fails here until it is called).
# A check fails if a trap ran, the attacker became superuser, or what a
# caller saw differs from the same calls in a database without traps.
# Uses the caller's cluster (test/run.sh) or starts a throwaway one.
# Ends with "trap-runtime: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
wc_setup_cluster || { echo "trap-runtime: 0 passed, 1 failed"; exit 1; }

out=$(mktemp -d /tmp/wirecodec-trap-runtime.XXXXXX)
chmod 755 "$out"
passed=0
failed=0
evil=wc_rt_evil_$$
user=wc_rt_user_$$
plain=wc_rt_plain_$$
trapped=wc_rt_trapped_$$
cleanup() {
	psqlq -d postgres -c "DROP DATABASE IF EXISTS $plain" -c "DROP DATABASE IF EXISTS $trapped" \
		-c "DROP ROLE IF EXISTS $evil" -c "DROP ROLE IF EXISTS $user" >/dev/null 2>&1
}
trap 'cleanup; wc_cluster_stop' EXIT
cleanup
psqlq -d postgres -c "CREATE ROLE $evil LOGIN NOSUPERUSER" -c "CREATE ROLE $user LOGIN NOSUPERUSER" \
	-c "GRANT pg_read_server_files TO $user" >/dev/null
# the mirror's directory of mysql_binlog_follow: the files under their names
mkdir -p "$out/binlogs"
for i in 1 2 3; do cp "$wc_root/test/vectors/binlog/mariadb-10.11-apply.00000$i" "$out/binlogs/apply.00000$i"; done
chmod -R a+rX "$out/binlogs"

# What the traps are derived from: the installed scripts, and the string
# literals of the glue (the statements it prepares through SPI).
extdir=$("$PG_CONFIG" --sharedir)/extension
{
	cat "$extdir"/wirecodec--*.sql
	grep -ho '"\([^"\\]\|\\.\)*"' "$wc_root"/src/pg/*.c
} >"$out/source.sql"

# A database with wirecodec in schema wc, writable by the attacker, on
# every role's search_path, and each caller's inputs (runtime_prepare.sql).
make_db() {
	local db=$1
	psqlq -d postgres -c "CREATE DATABASE $db" -c "ALTER DATABASE $db SET search_path = \"\$user\", public, wc" &&
		psqlq -d "$db" -c "CREATE SCHEMA wc" -c "GRANT USAGE ON SCHEMA wc TO PUBLIC" \
			-c "CREATE EXTENSION wirecodec SCHEMA wc" \
			-c "GRANT CREATE ON SCHEMA wc, public TO $evil" -c "GRANT CREATE ON DATABASE $db TO $evil, $user" &&
		psqlq -d "$db" -c "GRANT EXECUTE ON FUNCTION pg_catalog.pg_read_binary_file(text),
			pg_catalog.pg_stat_file(text, boolean) TO $user" &&
		(cd "$wc_root" && psqlq -U "$user" -d "$db" -v s=u -v s2=u_pairs -v s3=u_follow -f "$here/runtime_prepare.sql") &&
		(cd "$wc_root" && psqlq -d "$db" -v s=su -v s2=su_pairs -v s3=su_follow -f "$here/runtime_prepare.sql")
}
# The calls as role $2 (empty: the superuser) in schema $3, printed to $out/$1.$3.out
calls() {
	local db=$1 role=$2 s=$3
	(cd "$wc_root" && psqlq ${role:+-U "$role"} -d "$db" -v s="$s" -v s2="${s}_pairs" -v s3="${s}_follow" \
		-v dir="$out/binlogs" -f "$here/runtime_calls.sql") >"$out/$db.$s.out" 2>&1
}

make_db "$plain" >"$out/plain.log" 2>&1
check $? "a database without traps made, each caller's inputs in it" || cat "$out/plain.log"
make_db "$trapped" >"$out/trapped.log" 2>&1
check $? "a database for the traps made, each caller's inputs in it" || cat "$out/trapped.log"

{
	psqlq -U "$evil" -d "$trapped" -f "$here/traps.sql" &&
		psqlq -U "$evil" -d "$trapped" -At <<SQL
SET search_path = pg_catalog;
\\set src \`cat $out/source.sql\`
SELECT split_part(kind, ':', 1) || ': ' || n FROM trap_log.make_traps('wc', :'src');
SELECT split_part(kind, ':', 1) || ': ' || n FROM trap_log.make_traps('public', :'src');
SELECT kind || ': ' || n FROM trap_log.make_ext_traps('wc', 'wirecodec');
SELECT kind || ': ' || n FROM trap_log.make_ext_traps('public', 'wirecodec');
SQL
} >"$out/traps.log" 2>&1
check $? "the attacker made traps in wc and public" || cat "$out/traps.log"
sed 's/^/      /' "$out/traps.log" | sort | uniq -c | sed 's/^ *[0-9]* //' | head -12

# The traps are live: an untyped call through the extension's schema (as
# the attacker, who gains nothing by it) reaches one.
psqlq -U "$evil" -d "$trapped" -c "SELECT wc.mysql_binlog_apply_gtid_set('0-1-1', '{}')" \
	-c "DELETE FROM trap_log.log" >"$out/live.log" 2>&1
grep -q 'wirecodec trap ran' "$out/live.log"
check $? "an untyped call of wc.mysql_binlog_apply_gtid_set reaches a trap (they are live)" || cat "$out/live.log"

# Every function of the extension that can write, or whose body resolves
# names when it runs, is called by runtime_calls.sql.
missing=$(psqlq -d "$plain" -At -c "
	SELECT DISTINCT p.proname FROM pg_catalog.pg_proc p
	JOIN pg_catalog.pg_depend d ON d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
		AND d.objid OPERATOR(pg_catalog.=) p.oid AND d.deptype OPERATOR(pg_catalog.=) 'e'
	JOIN pg_catalog.pg_extension e ON e.oid OPERATOR(pg_catalog.=) d.refobjid
	JOIN pg_catalog.pg_language l ON l.oid OPERATOR(pg_catalog.=) p.prolang
	WHERE e.extname OPERATOR(pg_catalog.=) 'wirecodec'
	  AND (p.provolatile OPERATOR(pg_catalog.=) 'v' OR l.lanname OPERATOR(pg_catalog.<>) ALL ('{c,internal}'))
	ORDER BY 1" | while read -r f; do grep -q "wc\.$f(" "$here/runtime_calls.sql" || echo "$f"; done)
[ -z "$missing" ]
check $? "runtime_calls.sql calls every function that writes or has an SQL or PL/pgSQL body" ||
	echo "      not called: $missing"
# Every function of the extension that takes arguments has traps beside it.
untrapped=$(psqlq -d "$trapped" -At -c "
	SELECT pg_catalog.string_agg(DISTINCT p.proname, ' ') FROM pg_catalog.pg_proc p
	JOIN pg_catalog.pg_depend d ON d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
		AND d.objid OPERATOR(pg_catalog.=) p.oid AND d.deptype OPERATOR(pg_catalog.=) 'e'
	WHERE p.prokind OPERATOR(pg_catalog.=) 'f' AND p.pronargs OPERATOR(pg_catalog.>) 0
	  AND d.refobjid OPERATOR(pg_catalog.=) (SELECT oid FROM pg_catalog.pg_extension
											WHERE extname OPERATOR(pg_catalog.=) 'wirecodec')
	  AND NOT EXISTS (SELECT FROM pg_catalog.pg_proc t
					  WHERE t.proname OPERATOR(pg_catalog.=) p.proname
					    AND t.pronamespace OPERATOR(pg_catalog.=) 'public'::pg_catalog.regnamespace)")
[ -z "$untrapped" ]
check $? "every function of the extension has traps beside it" || echo "      none for: $untrapped"

for who in "$user:u" ":su"; do
	role=${who%%:*}
	s=${who#*:}
	name=${role:-superuser}
	[ -n "$role" ] && name="an ordinary role"
	calls "$plain" "$role" "$s"
	check $? "$name: the calls run without traps" || tail -5 "$out/$plain.$s.out"
	calls "$trapped" "$role" "$s"
	rc=$?
	[ $rc -eq 0 ] && ! grep -q 'wirecodec trap ran' "$out/$trapped.$s.out"
	check $? "$name: no trap ran" || grep -m 10 'trap ran\|ERROR' "$out/$trapped.$s.out"
	diff "$out/$plain.$s.out" "$out/$trapped.$s.out" >"$out/$s.diff"
	check $? "$name: the calls print the same with and without traps" || head -20 "$out/$s.diff"
done
rc=0
for tab in s.t s.k2 s2.t s2.k2 s3.t s3.k2; do
	grep -Eq "^ $tab +\| +0\$" "$out/$plain.u.out" || rc=1
done
check $rc "the applied tables are those MariaDB was left with" || grep -E '^ s2?\.' "$out/$plain.u.out"

n=$(psqlq -d "$trapped" -At -c "SELECT pg_catalog.count(*) FROM trap_log.log")
[ "$n" = 0 ]
check $? "the traps' log is empty" || psqlq -d "$trapped" -c "SELECT * FROM trap_log.log LIMIT 10"
super=$(psqlq -d postgres -At -c "SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname OPERATOR(pg_catalog.=) '$evil'")
[ "$super" = f ]
check $? "the attacker is not superuser"

[ "$failed" -eq 0 ] && rm -rf "$out" || echo "   files: $out"
echo "trap-runtime: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
