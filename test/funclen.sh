#!/usr/bin/env bash
# funclen.sh: no function in src/ may exceed a length limit.
# PostgreSQL style: a definition's body runs from a `{` at column 0 to the
# next `}` at column 0; its name is the identifier before the `(` on the
# definition line(s) just above the `{`.  The length counted is the lines
# from that `{` to that `}`, both included.  A body with no `(` above it
# (a struct, enum or initializer) is no function and not counted.
#
#   test/funclen.sh [--max N] [FILE...]   print file:line name length of every
#                                         function over N lines (default 200),
#                                         exit 1 if there is one
#   test/funclen.sh --list N [FILE...]    print every function over N lines,
#                                         longest first, always exit 0
#
# Files default to src/core/*.c and src/pg/*.c.
set -u
cd "$(dirname "$0")/.."

max=200
list=
files=()
while [ $# -gt 0 ]; do
	case "$1" in
		--max) max=${2:?--max needs a number}; shift 2 ;;
		--list) list=${2:?--list needs a number}; shift 2 ;;
		-h|--help) sed -n '2,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
		--) shift; files+=("$@"); break ;;
		-*) echo "funclen.sh: unknown option $1" >&2; exit 2 ;;
		*) files+=("$1"); shift ;;
	esac
done
limit=${list:-$max}
case "$limit" in
	''|*[!0-9]*) echo "funclen.sh: not a number: $limit" >&2; exit 2 ;;
esac
if [ ${#files[@]} -eq 0 ]; then
	files=(src/core/*.c src/pg/*.c)
fi

out=$(awk -v limit="$limit" '
	FNR == 1 { inbody = 0; nhead = 0 }
	# Remember the lines since the last top-level item ended: the
	# definition line(s) of the next function are among them.
	!inbody && /^\{/ {
		# PostgreSQL style puts the name at column 0: the last such line
		# wins; else the identifier before the last "(" seen.
		name = ""
		for (i = nhead; i >= 1 && name == ""; i--)
			if (match(head[i], /^[A-Za-z_][A-Za-z_0-9]*[ \t]*\(/))
			{
				name = substr(head[i], 1, RLENGTH - 1)
				sub(/[ \t]+$/, "", name)
			}
		for (i = nhead; i >= 1 && name == ""; i--)
		{
			s = head[i]
			p = index(s, "(")
			if (p == 0)
				continue
			s = substr(s, 1, p - 1)
			sub(/[ \t]+$/, "", s)
			if (match(s, /[A-Za-z_][A-Za-z_0-9]*$/))
				name = substr(s, RSTART, RLENGTH)
		}
		# no "(" above: a struct, enum or initializer, not a function
		isfunc = name != ""
		inbody = 1
		start = FNR
		next
	}
	inbody && /^\}/ {
		len = FNR - start + 1
		if (isfunc && len > limit)
			printf "%s:%d %s %d\n", FILENAME, start, name, len
		inbody = 0
		nhead = 0
		next
	}
	!inbody {
		# A line ending a declaration or directive starts a new head.
		if ($0 ~ /;[ \t]*$/ || $0 ~ /^#/ || $0 ~ /^[ \t]*$/ || $0 ~ /\*\/[ \t]*$/)
			nhead = 0
		else
			head[++nhead] = $0
	}
' "${files[@]}")

if [ -n "$list" ]; then
	[ -n "$out" ] && printf '%s\n' "$out" | sort -k3,3nr
	exit 0
fi
if [ -n "$out" ]; then
	printf '%s\n' "$out"
	echo "funclen: $(printf '%s\n' "$out" | wc -l) function(s) over $max lines (PostgreSQL style: \`{\` to \`}\` at column 0)" >&2
	exit 1
fi
exit 0
