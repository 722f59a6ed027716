#!/usr/bin/env bash
# compare.sh REV: `make bench-compare REV=...`, the typed-row paths of the
# work tree against those of git revision REV, in the same cluster and the
# same run.  REV is built in a temporary worktree and installed beside the
# work tree's build as a second extension, wirecodec_before (its own
# library file, control file and install script, removed at the end); one
# database has each.  Every case (populate, typed rows, loaders of the three
# codecs, on the tables of compare_setup.sql and a binlog recorded from a
# real MariaDB) is timed in 5 rounds after a warm-up, alternating which
# database goes first; printed: the median time of each and the median of
# the per-round ratios work tree / REV (below 1: the work tree is faster).
set -eu
. "$(dirname "$0")/../common.sh"
cd "$wc_root"
rev=${1:?usage: test/bench/compare.sh REV}
rounds=${CMP_ROUNDS:-5}

wc_install_deps
wc_find_pg
libdir=$("$PG_CONFIG" --pkglibdir)
extdir=$("$PG_CONFIG" --sharedir)/extension
old=$(mktemp -d /tmp/wirecodec-compare.XXXXXX)
bl_file=$old/binlog.bin
cleanup() {
	wc_cluster_stop
	wc_as_root rm -f "$libdir/wirecodec_before.so" "$extdir/wirecodec_before.control" \
		"$extdir/wirecodec_before--"*.sql
	git worktree remove --force "$old/tree" >/dev/null 2>&1 || true
	rm -rf "$old"
}
trap cleanup EXIT

echo "== building $rev as wirecodec_before"
git worktree add -q --detach "$old/tree" "$rev"
make -s -C "$old/tree" PG_CONFIG="$PG_CONFIG" >/dev/null
ver=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$old/tree/wirecodec.control")
wc_as_root install -m 755 "$old/tree/wirecodec.so" "$libdir/wirecodec_before.so"
sed "s|\$libdir/wirecodec'|\$libdir/wirecodec_before'|" "$old/tree/wirecodec.control" >"$old/control"
wc_as_root install -m 644 "$old/control" "$extdir/wirecodec_before.control"
wc_as_root install -m 644 "$old/tree/wirecodec--$ver.sql" "$extdir/wirecodec_before--$ver.sql"

echo "== building the work tree, starting a cluster"
WC_EXTRA_CONF="shared_buffers = 2GB" wc_setup_cluster
trap cleanup EXIT		# wc_cluster_start set its own
psql() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 "$@"; }

bl_ok=false
echo "== MySQL binlog: recording 500000 row changes from MariaDB"
"$wc_root/test/bench/binlog_mariadb.sh" "$bl_file" 500000 >/dev/null && bl_ok=true ||
	echo "   (MariaDB did not record the binlog: its cases are not measured)"

for db in cmp_new cmp_old; do
	ext=$([ $db = cmp_new ] && echo wirecodec || echo wirecodec_before)
	psql -c "CREATE DATABASE $db"
	psql -d $db -c "CREATE EXTENSION $ext" >/dev/null
	psql -d $db -v cmp_binlog="$bl_file" -v cmp_binlog_ok=$bl_ok -f test/bench/compare_setup.sql >/dev/null
done

# label | table to empty before each timing (- none) | query
cases=(
	"fdb_tuple_populate_record, 500k keys into 4 columns|cmp_uk|INSERT INTO cmp_uk SELECT p.* FROM cmp_fdb_keys, fdb_tuple_populate_record(NULL::cmp_uk, k) p"
	"fdb_tuple_populate_record, count only|-|SELECT count(p.id) FROM cmp_fdb_keys, fdb_tuple_populate_record(NULL::cmp_uk, k) p"
	"fdb_tuple_load(array_agg(k))|cmp_uk|SELECT fdb_tuple_load(array_agg(k), 'cmp_uk') FROM cmp_fdb_keys"
	"crdb_key_populate_record, 500k keys into 3 columns|cmp_crdb|INSERT INTO cmp_crdb SELECT p.* FROM cmp_crdb_keys, crdb_key_populate_record(NULL::cmp_crdb_row, k) p"
	"mysql_conversation_rows, 100k text rows|cmp_t|INSERT INTO cmp_t SELECT p.* FROM cmp_capture, mysql_conversation_rows(server, NULL::cmp_t) p"
	"mysql_row_populate_record, 100k text rows|cmp_t|INSERT INTO cmp_t SELECT r.* FROM cmp_capture, mysql_conversation(server) c, mysql_row_populate_record(NULL::cmp_t, c.payload, c.columns, false, c.row_number) r WHERE c.kind = 'text_row'"
	"mysql_conversation_load, 100k text rows|cmp_t|SELECT mysql_conversation_load(server, 'cmp_t') FROM cmp_capture"
)
$bl_ok && cases+=(
	"mysql_binlog_rows typed, 500k inserts|cmp_bl|INSERT INTO cmp_bl SELECT (r.after).* FROM cmp_bl_file, mysql_binlog_rows(b, 'bench', 'orders', NULL::cmp_bl) r"
	"mysql_binlog_load, 500k inserts|cmp_bl|SELECT mysql_binlog_load(b, 'bench', 'orders', 'cmp_bl') FROM cmp_bl_file"
)

once() {	# db table query: one timing in ms
	local trunc=()
	[ "$2" = - ] || trunc=(-c "TRUNCATE $2")
	psql -d "$1" -At "${trunc[@]}" -c "SELECT bench_once(\$q\$$3\$q\$)"
}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '\n%-58s %10s %10s %8s\n' "case (work tree against $rev)" "new ms" "old ms" "new/old"
for c in "${cases[@]}"; do
	IFS='|' read -r label tbl q <<<"$c"
	tn=() to=() r=()
	for k in $(seq 0 "$rounds"); do
		if [ $((k % 2)) -eq 0 ]; then
			a=$(once cmp_new "$tbl" "$q"); b=$(once cmp_old "$tbl" "$q")
		else
			b=$(once cmp_old "$tbl" "$q"); a=$(once cmp_new "$tbl" "$q")
		fi
		[ "$k" -eq 0 ] && continue		# warm-up
		tn+=("$a"); to+=("$b")
		r+=("$(awk -v x="$a" -v y="$b" 'BEGIN { printf "%.4f", x / y }')")
	done
	printf '%-58s %10.0f %10.0f %8.2f\n' "$label" "$(median "${tn[@]}")" "$(median "${to[@]}")" \
		"$(median "${r[@]}")"
done
