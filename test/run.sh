#!/usr/bin/env bash
# run.sh: `make test`, every test of wirecodec in one command.
# Installs what is missing, builds warning-free, checks that no function in
# src/ (C or SQL) is over 200 lines and that the checker catches every kind,
# runs the C unit tests (plain and under ASan/UBSan), the fuzz smoke, then
# installs the extension into a
# throwaway cluster and runs every pg_regress suite (serial and under
# force_parallel_mode = regress), the suites that need databases of their own
# (test/encoding, in a cluster of their own) and the 0.1 -> current upgrade test
# (test/upgrade), the scripts against a hostile schema (test/trap) and the
# extension's own calls against one (test/trap/runtime.sh).  Ends
# with one line "N passed, N failed".
set -u
. "$(dirname "$0")/common.sh"
cd "$wc_root"

passed=0
failed=0
failures=()

# Record one check: result name
count() {
	if [ "$1" -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		failures+=("$2")
	fi
}

# Add the "N passed, N failed" lines that a step printed to the totals.
add_summaries() {
	local p f
	while read -r p f; do
		passed=$((passed + p))
		failed=$((failed + f))
	done < <(sed -n 's/.*: \([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1 \2/p' "$1")
}

log=$(mktemp -d /tmp/wirecodec-test.XXXXXX)

echo "== dependencies"
wc_install_deps
count $? "install dependencies"

echo "== vectors are the team's current ones"
if [ -d ../shared/vectors ]; then
	diff -q <(cd ../shared/vectors && ls *.tsv) <(cd test/vectors && ls *.tsv) >/dev/null &&
		(for f in ../shared/vectors/*.tsv; do cmp -s "$f" "test/vectors/$(basename "$f")" || exit 1; done)
	count $? "test/vectors matches ../shared/vectors (copy them over)"
else
	echo "   (../shared/vectors not present; using test/vectors)"
fi

echo "== build (warning-free with -Wall -Wextra)"
make -s clean PG_CONFIG="$PG_CONFIG" >/dev/null 2>&1
make PG_CONFIG="$PG_CONFIG" >"$log/build.log" 2>&1
rc=$?
count $rc "build"
if grep -q 'warning:' "$log/build.log"; then
	grep 'warning:' "$log/build.log"
	count 1 "build has warnings"
else
	count 0 ""
fi

echo "== no function in src/ over 200 lines (test/funclen.sh)"
bash test/funclen.sh --max 200 2>&1 | sed 's/^/   /'
count "${PIPESTATUS[0]}" "a function in src/ over 200 lines (test/funclen.sh)"
bash test/funclen_selftest.sh 2>&1 | sed 's/^/   /'
count "${PIPESTATUS[0]}" "the function length checker misses a kind (test/funclen_selftest.sh)"

echo "== C unit tests of the core"
make -s -j"$(nproc)" unit >"$log/unit.log" 2>&1
rc=$?
grep -E 'passed|FAIL|error' "$log/unit.log" | head -40
add_summaries "$log/unit.log"
[ $rc -eq 0 ] || failures+=("unit tests")
grep -q 'passed' "$log/unit.log" || count 1 "unit tests did not run"

echo "== C unit tests under AddressSanitizer + UndefinedBehaviorSanitizer"
make -s -j"$(nproc)" unit-san >"$log/unit-san.log" 2>&1
rc=$?
grep -E 'passed|FAIL|ERROR|runtime error' "$log/unit-san.log" | sed 's/^/   [san] /' | head -40
add_summaries "$log/unit-san.log"
[ $rc -eq 0 ] || { failures+=("sanitizer unit tests"); grep -q passed "$log/unit-san.log" || count 1 "sanitizer unit tests"; }

if [ -x test/fuzz/run.sh ] || [ -f test/fuzz/run.sh ]; then
	echo "== fuzz smoke (${WC_FUZZ_SMOKE_SECONDS:-10} s per target)"
	bash test/fuzz/run.sh "${WC_FUZZ_SMOKE_SECONDS:-10}" >"$log/fuzz.log" 2>&1
	rc=$?
	grep -E 'execs|passed|FAIL|crash' "$log/fuzz.log" | head -40
	add_summaries "$log/fuzz.log"
	[ $rc -eq 0 ] || { failures+=("fuzz smoke"); grep -q passed "$log/fuzz.log" || count 1 "fuzz smoke"; }
fi

echo "== pg_regress in a throwaway cluster"
if wc_cluster_start; then
	count 0 ""
	# Serialise install + regress with other checkouts on this machine.
	wc_install_lock
	wc_build_install
	count $? "make install"
	for mode in serial parallel; do
		if [ $mode = parallel ]; then
			# Every suite must pass unchanged with parallel workers forced.
			if [ "$PGVER" -ge 16 ]; then gucs="-c debug_parallel_query=regress"; else gucs="-c force_parallel_mode=regress"; fi
			export PGOPTIONS="$gucs"
		fi
		rm -rf results regression.diffs regression.out
		make installcheck PG_CONFIG="$PG_CONFIG" >"$log/regress-$mode.log" 2>&1
		rc=$?
		grep -E '\.\.\. |tests passed|tests failed' "$log/regress-$mode.log" | sed "s/^/   [$mode] /"
		ok=$(grep -cE '\.\.\. ok|^ok ' "$log/regress-$mode.log")
		bad=$(grep -cE '\.\.\. FAILED|^not ok ' "$log/regress-$mode.log")
		passed=$((passed + ok))
		failed=$((failed + bad))
		if [ $rc -ne 0 ]; then
			[ -f regression.diffs ] && head -100 regression.diffs
			[ "$bad" -gt 0 ] || count 1 "pg_regress ($mode) failed to run"
			failures+=("pg_regress ($mode)")
			cp regression.diffs "$log/regression-$mode.diffs" 2>/dev/null
		fi
		unset PGOPTIONS
	done
	echo "== hostile input through SQL (${WC_HOSTILE_N:-100000} inputs per decoder)"
	bash test/hostile/run.sh "${WC_HOSTILE_N:-100000}" >"$log/hostile.log" 2>&1
	rc=$?
	grep -E '^ |hostile:|amplify:|ERROR|restarted' "$log/hostile.log" | sed 's/^/   /'
	add_summaries "$log/hostile.log"
	[ $rc -eq 0 ] || { failures+=("hostile input"); grep -q passed "$log/hostile.log" || count 1 "hostile input test"; }
	if [ -f test/load/run.sh ]; then
		echo "== load smoke (pgbench, 8 clients, ${WC_LOAD_SECONDS:-10} s)"
		bash test/load/run.sh "${WC_LOAD_SECONDS:-10}" >"$log/load.log" 2>&1
		rc=$?
		grep -E 'tps|failed|load:|aborted' "$log/load.log" | sed 's/^/   /'
		add_summaries "$log/load.log"
		[ $rc -eq 0 ] || { failures+=("load smoke"); grep -q passed "$log/load.log" || count 1 "load smoke"; }
	fi
	echo "== suites with databases of their own (test/encoding, own cluster)"
	bash test/encoding/run.sh >"$log/encoding.log" 2>&1
	rc=$?
	grep -E '\.\.\. |encoding:' "$log/encoding.log" | sed 's/^/   /'
	add_summaries "$log/encoding.log"
	[ $rc -eq 0 ] || { failures+=("encoding suites"); grep -q passed "$log/encoding.log" || count 1 "encoding suites"; }
	echo "== upgrade 0.1 -> current and pg_dump/pg_restore (test/upgrade)"
	bash test/upgrade/run.sh >"$log/upgrade.log" 2>&1
	rc=$?
	grep -E 'ok:|FAILED|footprint|upgrade:|^[-+@]' "$log/upgrade.log" | sed 's/^/   /'
	add_summaries "$log/upgrade.log"
	[ $rc -eq 0 ] || { failures+=("upgrade test"); grep -q passed "$log/upgrade.log" || count 1 "upgrade test"; }
	echo "== install and upgrade scripts against a hostile schema (test/trap)"
	bash test/trap/run.sh >"$log/trap.log" 2>&1
	rc=$?
	grep -E 'FAILED|trap:|WARNING' "$log/trap.log" | head -40 | sed 's/^/   /'
	add_summaries "$log/trap.log"
	[ $rc -eq 0 ] || { failures+=("trap test"); grep -q passed "$log/trap.log" || count 1 "trap test"; }
	echo "== the extension's calls at run time against a hostile schema (test/trap/runtime.sh)"
	bash test/trap/runtime.sh >"$log/trap-runtime.log" 2>&1
	rc=$?
	grep -E 'FAILED|trap-runtime:|WARNING' "$log/trap-runtime.log" | head -40 | sed 's/^/   /'
	add_summaries "$log/trap-runtime.log"
	[ $rc -eq 0 ] || { failures+=("runtime trap test"); grep -q passed "$log/trap-runtime.log" || count 1 "runtime trap test"; }
	flock -u 9
	wc_cluster_stop
else
	count 1 "start throwaway cluster"
fi

echo
if [ ${#failures[@]} -gt 0 ]; then
	echo "failures:"
	printf '  - %s\n' "${failures[@]}"
	echo "logs: $log"
else
	rm -rf "$log"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ ${#failures[@]} -eq 0 ]
