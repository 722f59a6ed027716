#!/usr/bin/env bash
# run.sh: `make fuzz [FUZZ_SECONDS=60]`.  Builds every test/fuzz/fuzz_*.c
# libFuzzer target with clang (-fsanitize=fuzzer,address,undefined) against
# the C core and runs each for the given seconds (default 60), starting from
# its committed seed corpus test/fuzz/corpus/<target>/.  The core is compiled
# once (with the fuzzer's coverage instrumentation) and linked into every
# target; targets build and run as many at a time as there are cores.
# Prints execs and findings per target and one "N passed, N failed" line (a
# target passes when it ran and found nothing).  Crash inputs land in
# test/fuzz/build/.  Amplification is a finding too: an input that runs
# longer than FUZZ_TIMEOUT seconds (default 5) or makes one allocation larger
# than FUZZ_MALLOC_LIMIT_MB (default 256) is saved as a timeout- or oom-
# artifact.  No legitimate input under the targets' max_len (the largest
# seed, at least 4096 bytes) comes near either: the slowest take
# milliseconds and the largest allocation is fuzz_mysql_compress's 64 MB
# cap on a decompressed stream.
set -u
cd "$(dirname "$0")/../.."
secs=${1:-60}
timeout=${FUZZ_TIMEOUT:-5}
malloc_limit=${FUZZ_MALLOC_LIMIT_MB:-256}
build=test/fuzz/build
jobs=$(nproc 2>/dev/null || echo 2)
mkdir -p "$build/core"
flags=(-g -O1 -fno-omit-frame-pointer -fno-sanitize-recover=all -Isrc/core)

# Run "$@" in the background, at most $jobs at a time.
spawn() {
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
	"$@" &
}

# The core, once: instrumented for coverage, not linked with the fuzzer's
# main.  The objects linked are exactly those of today's src/core/*.c.
core_objs=()
core_obj() {
	clang "${flags[@]}" -fsanitize=fuzzer-no-link,address,undefined -c -o "$2" "$1" >"$2.log" 2>&1 ||
		{ rm -f "$2"; cat "$2.log"; }
}
for src in src/core/*.c; do
	o=$build/core/$(basename "$src" .c).o
	rm -f "$o"
	core_objs+=("$o")
	spawn core_obj "$src" "$o"
done
wait
core_failed=0
for o in "${core_objs[@]}"; do [ -f "$o" ] || core_failed=1; done

# One target: link, run, write its line of the report to $build/<name>.result
# ("pass" or "fail" first).
one() {
	local src=$1 name bin work seeds rc execs findings rss
	name=$(basename "$src" .c)
	bin=$build/$name
	if ! clang "${flags[@]}" -fsanitize=fuzzer,address,undefined -o "$bin" "$src" "${core_objs[@]}" \
		-lz -lzstd >"$build/$name.build.log" 2>&1; then
		{ echo fail; cat "$build/$name.build.log"; echo "$name: build failed"; } >"$build/$name.result"
		return
	fi
	# findings are counted from this run's artifacts only
	rm -f "$build/$name"-crash-* "$build/$name"-leak-* "$build/$name"-timeout-* "$build/$name"-oom-*
	work=test/fuzz/corpus-work/$name
	seeds=test/fuzz/corpus/$name
	mkdir -p "$work" "$seeds"
	"$bin" -max_total_time="$secs" -print_final_stats=1 -timeout="$timeout" -malloc_limit_mb="$malloc_limit" \
		-rss_limit_mb=2048 \
		-artifact_prefix="$build/$name-" "$work" "$seeds" >"$build/$name.log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/$name.log" | tail -1)
	rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$build/$name.log" | tail -1)
	findings=$(ls "$build/$name"-crash-* "$build/$name"-leak-* "$build/$name"-timeout-* "$build/$name"-oom-* 2>/dev/null | wc -l)
	if [ $rc -eq 0 ] && [ "$findings" -eq 0 ] && [ -n "$execs" ]; then
		{ echo pass; printf '%-24s %10s execs in %ss, peak RSS %s MB, 0 findings\n' "$name" "$execs" "$secs" "${rss:-?}"; } >"$build/$name.result"
	else
		{
			echo fail
			printf '%-24s %10s execs, %s findings (exit %s); see %s\n' "$name" "${execs:-?}" "$findings" "$rc" "$build/$name.log"
			grep -m5 -E 'ERROR|runtime error|SUMMARY|out-of-memory|timeout after' "$build/$name.log"
		} >"$build/$name.result"
	fi
}

passed=0
failed=0
if [ $core_failed -ne 0 ]; then
	echo "fuzz: the core did not build"
	failed=1
else
	targets=(test/fuzz/fuzz_*.c)
	for src in "${targets[@]}"; do
		[ -f "$src" ] || continue
		rm -f "$build/$(basename "$src" .c).result"
		spawn one "$src"
	done
	wait
	for src in "${targets[@]}"; do
		[ -f "$src" ] || continue
		result=$build/$(basename "$src" .c).result
		if [ "$(head -1 "$result" 2>/dev/null)" = pass ]; then
			passed=$((passed + 1))
		else
			failed=$((failed + 1))
		fi
		tail -n +2 "$result" 2>/dev/null || echo "$(basename "$src" .c): no result"
	done
fi
echo "fuzz: $passed passed, $failed failed"
[ $failed -eq 0 ]
