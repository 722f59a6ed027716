#!/usr/bin/env bash
# run.sh: `make fuzz [FUZZ_SECONDS=60]`.  Builds every test/fuzz/fuzz_*.c
# libFuzzer target with clang (-fsanitize=fuzzer,address,undefined) against
# the C core and runs each for the given seconds (default 60), starting from
# its committed seed corpus test/fuzz/corpus/<target>/.  Prints execs and
# findings per target and one "N passed, N failed" line (a target passes
# when it ran and found nothing).  Crash inputs land in test/fuzz/build/.
set -u
cd "$(dirname "$0")/../.."
secs=${1:-60}
build=test/fuzz/build
mkdir -p "$build"
passed=0
failed=0
for src in test/fuzz/fuzz_*.c; do
	[ -f "$src" ] || continue
	name=$(basename "$src" .c)
	bin=$build/$name
	if ! clang -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -Isrc/core -o "$bin" "$src" src/core/*.c -lz -lzstd >"$build/$name.build.log" 2>&1; then
		cat "$build/$name.build.log"
		echo "$name: build failed"
		failed=$((failed + 1))
		continue
	fi
	# findings are counted from this run's artifacts only
	rm -f "$build/$name"-crash-* "$build/$name"-leak-* "$build/$name"-timeout-* "$build/$name"-oom-*
	work=test/fuzz/corpus-work/$name
	seeds=test/fuzz/corpus/$name
	mkdir -p "$work" "$seeds"
	"$bin" -max_total_time="$secs" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix="$build/$name-" "$work" "$seeds" >"$build/$name.log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/$name.log" | tail -1)
	findings=$(ls "$build/$name"-crash-* "$build/$name"-leak-* "$build/$name"-timeout-* "$build/$name"-oom-* 2>/dev/null | wc -l)
	if [ $rc -eq 0 ] && [ "$findings" -eq 0 ] && [ -n "$execs" ]; then
		printf '%-24s %10s execs in %ss, 0 findings\n' "$name" "$execs" "$secs"
		passed=$((passed + 1))
	else
		printf '%-24s %10s execs, %s findings (exit %s); see %s\n' "$name" "${execs:-?}" "$findings" "$rc" "$build/$name.log"
		grep -m5 -E 'ERROR|runtime error|SUMMARY' "$build/$name.log"
		failed=$((failed + 1))
	fi
done
echo "fuzz: $passed passed, $failed failed"
[ $failed -eq 0 ]
