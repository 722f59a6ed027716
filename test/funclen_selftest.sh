#!/usr/bin/env bash
# funclen_selftest.sh: test/funclen.sh catches every kind of function it
# claims to measure.  Writes small fixtures into a temporary directory, each
# over-limit one exactly one line over --max 10 and each under-limit one
# exactly at it, and checks that funclen.sh names precisely the over-limit
# ones with their lengths: a C function with `{` at column 0, one with `{`
# ending its signature line (with braces in strings, characters and
# comments), a `static inline` function in a header, a PL/pgSQL body in
# `$body$` and an SQL body in `$$`; a long initializer, a long macro and a
# C-language SQL function are no functions.  Ends with "N passed, N failed";
# exits 1 if one failed.  FUNCLEN_KEEP=1 keeps the fixtures for a look.
set -u
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/funclen-selftest.XXXXXX)
trap '[ -n "${FUNCLEN_KEEP:-}" ] || rm -rf "$dir"' EXIT
passed=0
failed=0

# Print n filler statement lines, indented by one tab.
filler() {
	local i
	for ((i = 1; i <= $1; i++)); do
		printf '\tx += %d;\n' "$i"
	done
}

# Print n filler PL/pgSQL lines.
sql_filler() {
	local i
	for ((i = 1; i <= $1; i++)); do
		printf '\tn := n + %d;\n' "$i"
	done
}

# C, `{` at column 0: the body counts from `{` to `}`, so 8 filler + 3 = 11.
{
	printf 'static int\npg_style(int x)\n{\n'; filler 8; printf '\treturn x;\n}\n\n'
	printf 'static int\npg_style_short(int x)\n{\n'; filler 7; printf '\treturn x;\n}\n\n'
	printf 'static const int table[] = {\n'; filler 12 | sed 's/x += \(.*\);/\1,/'; printf '};\n\n'
	printf '#define LONG_MACRO(x) \\\n{ \\\n'; filler 12 | sed 's/$/ \\/'; printf '}\n'
} >"$dir/col0.c"

# C, `{` ending the signature line, with braces that must not count.
{
	printf 'static int eol_brace(int x) {\n'
	printf '\tconst char *s = "}}";	/* { */\n'
	printf '\tchar c = \x27}\x27;	// }\n'
	filler 6
	printf '\treturn x + s[0] + c;\n}\n\n'
	printf 'static int eol_brace_short(int x) {\n'; filler 7; printf '\treturn x;\n}\n'
} >"$dir/eol.c"

# A header's static inline functions, either brace style.
{
	printf '#ifndef FIXTURE_H\n#define FIXTURE_H\n\n'
	printf 'static inline int\ninline_long(int x)\n{\n'; filler 8; printf '\treturn x;\n}\n\n'
	printf 'static inline int inline_eol(int x) {\n'; filler 8; printf '\treturn x;\n}\n\n'
	printf 'static inline int\ninline_short(int x)\n{\n'; filler 7; printf '\treturn x;\n}\n\n'
	printf '#endif\n'
} >"$dir/fixture.h"

# SQL: the dollar-quoted bodies, from the opening to the closing delimiter.
{
	printf 'CREATE FUNCTION fx_c(int) RETURNS int\n'
	printf "\tAS 'MODULE_PATHNAME', 'fx_c' LANGUAGE C STRICT;\n\n"
	printf 'CREATE OR REPLACE FUNCTION @extschema@.fx_plpgsql(n int) RETURNS int\n'
	printf '\tLANGUAGE plpgsql AS $body$\nBEGIN\n'
	printf '\tEXECUTE format($q$SELECT %%s$q$, n);\n'
	sql_filler 5; printf '\tRETURN n;\nEND\n$body$;\n\n'
	printf 'CREATE PROCEDURE fx_sql_proc(n int)\n\tLANGUAGE sql\n\tAS $$\n'
	for ((i = 1; i <= 9; i++)); do printf '\tSELECT %d;\n' "$i"; done
	printf '$$;\n\n'
	printf 'CREATE FUNCTION fx_short(n int) RETURNS int\n\tLANGUAGE plpgsql AS $$\nBEGIN\n'
	sql_filler 5; printf '\tRETURN n;\nEND\n$$;\n'
} >"$dir/fixture.sql"

# Record one check: result description
check() {
	if [ "$1" -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL: $2"
	fi
}

files=("$dir/col0.c" "$dir/eol.c" "$dir/fixture.h" "$dir/fixture.sql")
expect="col0.c:3 pg_style 11
eol.c:1 eol_brace 11
fixture.h:6 inline_long 11
fixture.h:18 inline_eol 11
fixture.sql:5 fx_plpgsql 11
fixture.sql:19 fx_sql_proc 11"

out=$(bash "$here/funclen.sh" --max 10 "${files[@]}" 2>/dev/null)
rc=$?
check $((rc != 1)) "--max 10 exits 1 over the fixtures (got $rc)"
got=$(printf '%s\n' "$out" | sed "s|^$dir/||")
for kind in pg_style eol_brace inline_long inline_eol fx_plpgsql fx_sql_proc; do
	line=$(printf '%s\n' "$expect" | grep " $kind ")
	printf '%s\n' "$got" | grep -qxF "$line"
	check $? "caught: $line (got: $(printf '%s\n' "$got" | grep " $kind " || echo nothing))"
done
for kind in pg_style_short eol_brace_short inline_short fx_short table LONG_MACRO fx_c; do
	! printf '%s\n' "$got" | grep -q " $kind "
	check $? "not caught: $kind"
done
[ "$(printf '%s\n' "$got" | wc -l)" -eq 6 ]
check $? "exactly six over 10 lines (got: $got)"

bash "$here/funclen.sh" --max 11 "${files[@]}" >/dev/null 2>&1
check $? "--max 11 passes the fixtures"

out=$(bash "$here/funclen.sh" --list 9 "${files[@]}")
check $? "--list exits 0"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 10 ] &&
	[ "$(printf '%s\n' "$out" | awk '{print $3}' | sort -nr | tr '\n' ' ')" = \
		"$(printf '%s\n' "$out" | awk '{print $3}' | tr '\n' ' ')" ]
check $? "--list 9 lists all ten, longest first"

echo "funclen self-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
