# check.sh: the bookkeeping of the packaging scripts.  Source it.
#   check RC NAME      count one check: "ok: NAME" when RC is 0, else
#                      "FAILED: NAME" (and NAME goes to the failures list)
#   regress_counts LOG sets ok and bad to the pg_regress suites that passed
#                      and failed in LOG (both output styles: 15-16 and 17+)
pass=0
fail=0
failures=()

check() {
	if [ "$1" -eq 0 ]; then
		pass=$((pass + 1))
		echo "   ok: $2"
	else
		fail=$((fail + 1))
		failures+=("$2")
		echo "   FAILED: $2"
	fi
}

regress_counts() {
	ok=$(grep -cE '\.\.\. ok|^ok ' "$1")
	bad=$(grep -cE '\.\.\. FAILED|^not ok ' "$1")
}
