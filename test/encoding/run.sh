#!/usr/bin/env bash
# test/encoding/run.sh: the pg_regress suites that need databases of their
# own (a LATIN1 or SQL_ASCII database, created and dropped by the suite under
# fixed names).  They live here, not in sql/, so that `make installcheck`
# needs no CREATEDB and two runs on one server do not collide.  Every
# test/encoding/sql/*.sql runs, with its expected output in
# test/encoding/expected/, in a throwaway cluster of its own.
# Ends with "encoding: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
wc_find_pg
if [ -z "${WC_CLUSTER_DIR:-}" ]; then
	# Not under test/run.sh (which has installed the extension already).
	wc_install_deps || { echo "encoding: 0 passed, 1 failed"; exit 1; }
	wc_install_lock
	wc_build_install || { echo "encoding: 0 passed, 1 failed"; exit 1; }
fi
unset WC_CLUSTER_DIR PGHOST PGPORT PGDATABASE
wc_cluster_start || { echo "encoding: 0 passed, 1 failed"; exit 1; }

suites=()
for f in "$here"/sql/*.sql; do
	[ -e "$f" ] && suites+=("$(basename "$f" .sql)")
done
out=$(mktemp -d /tmp/wirecodec-encoding.XXXXXX)
chmod 777 "$out"
regress="$(dirname "$("$PG_CONFIG" --pgxs)")/../test/regress/pg_regress"
# From the repository root, so that suites can read test/vectors/.
(cd "$wc_root" && "$regress" --bindir="$PGBIN" --inputdir="$here" --outputdir="$out" \
	--dbname=wirecodec_encoding --load-extension=wirecodec \
	"${suites[@]}") >"$out/log" 2>&1
rc=$?
grep -E '\.\.\. |^ok |^not ok |tests passed|tests failed' "$out/log" | sed 's/^/   /'
ok=$(grep -cE '\.\.\. ok|^ok ' "$out/log")
bad=$(grep -cE '\.\.\. FAILED|^not ok ' "$out/log")
if [ $rc -ne 0 ]; then
	[ -f "$out/regression.diffs" ] && head -100 "$out/regression.diffs"
	[ "$bad" -gt 0 ] || { bad=1; cat "$out/log"; }
	echo "   files: $out"
else
	rm -rf "$out"
fi
wc_cluster_stop
echo "encoding: $ok passed, $bad failed"
[ $rc -eq 0 ]
