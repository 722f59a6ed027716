#!/usr/bin/env bash
# funclen.sh: no function in src/ may exceed a length limit.
# C (*.c, *.h): a definition's body runs from its opening `{` to the
# matching `}`, found by counting braces outside comments, string and
# character literals and preprocessor lines; the `{` may stand at column 0
# (PostgreSQL style) or end the signature line, and `static inline`
# functions in headers count like any other.  A top-level `{` whose head
# (the text since the last `;`, `}`, blank line or directive) ends in `)`
# opens a function, named by the identifier before the `(` matching that
# `)`; any other (a struct, enum or initializer) is no function.  A `}` at
# column 0 always ends the top-level item, so braces unbalanced by `#if`
# branches cannot run into the next function.
# SQL (*.sql): the body of each CREATE FUNCTION or CREATE PROCEDURE, from
# the line of its opening dollar quote (`$$`, `$body$`, ...) to the line of
# the same closing one, named by the function (schema left out).
# The length counted is the lines from the opening to the closing
# delimiter, both included.
#
#   test/funclen.sh [--max N] [FILE...]   print file:line name length of every
#                                         function over N lines (default 200),
#                                         exit 1 if there is one
#   test/funclen.sh --list N [FILE...]    print every function over N lines,
#                                         longest first, always exit 0
#
# Files default to src/core/*.[ch], src/pg/*.[ch] and src/sql/*.sql.
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
	files=(src/core/*.c src/core/*.h src/pg/*.c src/pg/*.h src/sql/*.sql)
fi

out=$(awk -v limit="$limit" '
	function report(name, start, len)
	{
		if (len > limit)
			printf "%s:%d %s %d\n", FILENAME, start, name, len
	}

	# The line with comments, string and character literals blanked out
	# (same columns), carrying an open block comment to the next line.
	function c_code(s,    out, i, n, c, q)
	{
		out = ""
		n = length(s)
		for (i = 1; i <= n; i++)
		{
			c = substr(s, i, 1)
			if (incomment)
			{
				if (c == "*" && substr(s, i + 1, 1) == "/")
				{
					incomment = 0
					out = out "  "
					i++
				}
				else
					out = out " "
			}
			else if (c == "/" && substr(s, i + 1, 1) == "*")
			{
				incomment = 1
				out = out "  "
				i++
			}
			else if (c == "/" && substr(s, i + 1, 1) == "/")
				break
			else if (c == "\"" || c == "\x27")
			{
				q = c
				out = out " "
				for (i++; i <= n && substr(s, i, 1) != q; i++)
				{
					if (substr(s, i, 1) == "\\")
					{
						i++
						out = out " "
					}
					out = out " "
				}
				out = out " "
			}
			else
				out = out c
		}
		return out
	}

	# The name of a function whose head ends in ")": the identifier before
	# the "(" that matches that ")".
	function c_name(h,    i, d, c, s)
	{
		d = 0
		for (i = length(h); i >= 1; i--)
		{
			c = substr(h, i, 1)
			if (c == ")")
				d++
			else if (c == "(" && --d == 0)
				break
		}
		s = substr(h, 1, i - 1)
		sub(/[ \t\n]+$/, "", s)
		if (match(s, /[A-Za-z_][A-Za-z_0-9]*$/))
			return substr(s, RSTART, RLENGTH)
		return "?"
	}

	# A top-level "{" at column col of this line, after head h.
	function c_open(h, col,    t)
	{
		t = h
		sub(/[ \t\n]+$/, "", t)
		if (t ~ /(^|[ \t\n])extern[ \t\n]+$/)
			return				# extern "C" {: no level of its own
		depth = 1
		start = FNR
		isfunc = t ~ /\)$/
		fname = isfunc ? c_name(t) : ""
	}

	function c_line(    code, i, n, c, piece)
	{
		if (inpp)
		{
			inpp = $0 ~ /\\$/
			return
		}
		if (!incomment && $0 ~ /^[ \t]*#/)
		{
			inpp = $0 ~ /\\$/
			if (depth == 0)
				head = ""
			return
		}
		if (depth == 0 && !incomment && $0 ~ /^[ \t]*$/)
		{
			head = ""
			return
		}
		code = c_code($0)
		n = length(code)
		piece = ""
		for (i = 1; i <= n; i++)
		{
			c = substr(code, i, 1)
			if (depth == 0)
			{
				if (c == "{")
				{
					c_open(head piece, i)
					head = ""
					piece = ""
				}
				else if (c == ";" || c == "}")
				{
					head = ""
					piece = ""
				}
				else
					piece = piece c
			}
			else if (c == "{")
				depth++
			else if (c == "}")
			{
				# a "}" at column 0 ends the top-level item
				if (i == 1)
					depth = 1
				if (--depth == 0)
				{
					if (isfunc)
						report(fname, start, FNR - start + 1)
					head = ""
					piece = ""
				}
			}
		}
		if (depth == 0 && piece !~ /^[ \t]*$/)
			head = head piece "\n"
	}

	# SQL: CREATE FUNCTION/PROCEDURE name ... $tag$ body $tag$
	function sql_line(    s, l, p, semi, rest)
	{
		s = $0
		if (inbody)
		{
			if (index(s, tag))
			{
				report(fname, start, FNR - start + 1)
				inbody = 0
			}
			return
		}
		sub(/--.*/, "", s)
		l = tolower(s)
		if (match(l, /create[ \t]+(or[ \t]+replace[ \t]+)?(function|procedure)[ \t]+/))
		{
			rest = substr(s, RSTART + RLENGTH)
			match(rest, /^[^ \t(]*/)
			fname = substr(rest, 1, RLENGTH)
			gsub(/"/, "", fname)
			sub(/^.*\./, "", fname)
			if (fname == "")
				fname = "?"
			increate = 1
			s = substr(rest, RLENGTH + 1)
		}
		if (!increate)
			return
		p = match(s, /\$([A-Za-z_][A-Za-z_0-9]*)?\$/)
		semi = index(s, ";")
		if (semi && (!p || semi < p))
		{
			increate = 0		# a body in quotes, or a C function
			return
		}
		if (!p)
			return
		tag = substr(s, RSTART, RLENGTH)
		start = FNR
		increate = 0
		if (index(substr(s, RSTART + RLENGTH), tag))
			report(fname, start, 1)
		else
			inbody = 1
	}

	FNR == 1 {
		sql = FILENAME ~ /\.sql$/
		depth = 0; incomment = 0; inpp = 0; head = ""
		inbody = 0; increate = 0
	}
	sql { sql_line(); next }
	{ c_line() }
' "${files[@]}")

if [ -n "$list" ]; then
	[ -n "$out" ] && printf '%s\n' "$out" | sort -k3,3nr
	exit 0
fi
if [ -n "$out" ]; then
	printf '%s\n' "$out"
	echo "funclen: $(printf '%s\n' "$out" | wc -l) function(s) over $max lines (C: \`{\` to its \`}\`; SQL: the dollar-quoted body)" >&2
	exit 1
fi
exit 0
