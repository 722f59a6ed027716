#!/usr/bin/env bash
# pgxn.sh: the PGXN release.  META.json (PGXN meta-spec 1.0.0) is checked
# against wirecodec.control, LICENSE and debian/changelog; `make dist` makes
# the archive wirecodec-VERSION.zip; pgxnclient (Debian's package) installs
# that archive into a throwaway copy of the server (pg_config's directories
# copied into a temporary prefix: PostgreSQL finds its files relative to its
# binaries) and runs every pg_regress suite against it (`pgxn check`), in a
# throwaway cluster of that copy.  Everything works offline.
# Ends with "pgxn: N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../common.sh"
cd "$wc_root"

. "$here/check.sh"

command -v jq >/dev/null 2>&1 && command -v pgxn >/dev/null 2>&1 && command -v unzip >/dev/null 2>&1 ||
	wc_apt_install jq pgxnclient unzip
tmp=$(mktemp -d /tmp/wirecodec-pgxn.XXXXXX)
cleanup() {
	wc_cluster_stop
	[ -n "${WC_KEEP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT

ext=wirecodec
ctl_ver=$(sed -n "s/^default_version = '\(.*\)'/\1/p" $ext.control)
ctl_comment=$(sed -n "s/^comment = '\(.*\)'/\1/p" $ext.control)
# PGXN versions are semantic versions: 0.3 is 0.3.0.
semver=$ctl_ver
[[ $semver =~ ^[0-9]+\.[0-9]+$ ]] && semver=$semver.0
m() { jq -r "$1" META.json; }

# ---- META.json
jq -e . META.json >/dev/null
check $? "META.json is JSON"
missing=$(jq -r '["name","abstract","version","maintainer","license","provides","meta-spec"] - keys | join(" ")' META.json)
[ -z "$missing" ]
check $? "META.json has every key meta-spec 1.0.0 requires${missing:+ (missing: $missing)}"
[ "$(m '.["meta-spec"].version')" = 1.0.0 ]
check $? "meta-spec version is 1.0.0"
sv='^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+)?$'
bad=
for p in .version '.provides[].version' '.prereqs[][][]?'; do
	while read -r x; do [[ $x =~ $sv ]] || bad="$bad $x"; done < <(m "$p")
done
[ -z "$bad" ]
check $? "every version in META.json is a semantic version${bad:+ (not:$bad)}"
[ "$(m .name)" = $ext ]
check $? "name is the extension's name ($ext)"
[ "$(m .version)" = "$semver" ] && [ "$(m ".provides.$ext.version")" = "$semver" ]
check $? "version and provides.$ext.version are $semver (default_version '$ctl_ver' of $ext.control)"
[ "$(m .abstract)" = "$ctl_comment" ] && [ "$(m ".provides.$ext.abstract")" = "$ctl_comment" ]
check $? "abstract is the comment of $ext.control"
# Every extension of the tree is provided, and nothing else.
diff <(ls ./*.control | sed 's|^\./||; s|\.control$||' | sort) <(m '.provides | keys[]' | sort) >/dev/null
check $? "provides lists every *.control of the tree"
bad=
for f in $(m '.provides[] | .file, .docfile // empty'); do
	git ls-files --error-unmatch "$f" >/dev/null 2>&1 || bad="$bad $f"
done
[ -z "$bad" ]
check $? "every file and docfile in provides is in the tree${bad:+ (missing:$bad)}"
[ "$(m .license)" = postgresql ] && grep -q '^PostgreSQL License' LICENSE &&
	grep -q '^License: PostgreSQL' debian/copyright
check $? "license: META.json, LICENSE and debian/copyright all say PostgreSQL"
[ "$(m '.prereqs.runtime.requires.PostgreSQL')" != null ] && [ "$(m '.maintainer | length')" -gt 0 ]
check $? "prereqs.runtime.requires.PostgreSQL and maintainer are given"
deb_ver=$(sed -n 's/^wirecodec (\([^)-]*\).*/\1/p;q' debian/changelog)
[ "$deb_ver" = "$ctl_ver" ]
check $? "debian/changelog's upstream version ($deb_ver) is the control file's ($ctl_ver)"

# ---- make dist
zip=$ext-$ctl_ver.zip
rm -f "$zip"
make -s dist >"$tmp/dist.log" 2>&1 && [ -f "$zip" ] && mv "$zip" "$tmp/"
check $? "make dist makes $zip"
if [ -f "$tmp/$zip" ]; then
	unzip -Z1 "$tmp/$zip" >"$tmp/entries"
	! grep -qv "^$ext-$ctl_ver/" "$tmp/entries" && grep -qx "$ext-$ctl_ver/META.json" "$tmp/entries" &&
		grep -qx "$ext-$ctl_ver/Makefile" "$tmp/entries" && grep -qx "$ext-$ctl_ver/$ext.control" "$tmp/entries" &&
		grep -qx "$ext-$ctl_ver/LICENSE" "$tmp/entries"
	check $? "the archive has one top directory $ext-$ctl_ver/ with META.json, Makefile, $ext.control, LICENSE"
	unzip -p "$tmp/$zip" "$ext-$ctl_ver/META.json" | cmp -s - <(git show HEAD:META.json)
	check $? "the archive's META.json is the committed one"
fi

# ---- pgxnclient: install into a throwaway copy of the server, then check
wc_find_pg
prefix=$tmp/prefix
for d in "$(dirname "$("$PG_CONFIG" --bindir)")" "$("$PG_CONFIG" --sharedir)" "$("$PG_CONFIG" --includedir)"; do
	mkdir -p "$prefix$(dirname "$d")" && cp -a "$d" "$prefix$(dirname "$d")/"
done
pgc=$prefix$PG_CONFIG
# pgxn wants the library directory too (writable); the copy starts without
# any wirecodec that was installed into the original.
mkdir -p "$prefix$("$PG_CONFIG" --libdir)"
rm -rf "$("$pgc" --pkglibdir)/$ext.so" "$("$pgc" --pkglibdir)/bitcode/$ext" "$("$pgc" --pkglibdir)/bitcode/$ext.index.bc" \
	"$("$pgc" --sharedir)/extension/$ext".* "$("$pgc" --sharedir)/extension/$ext"--*
[ "$("$pgc" --sharedir)" = "$prefix$("$PG_CONFIG" --sharedir)" ]
check $? "a throwaway copy of PostgreSQL $PGVER in $prefix"
if [ -f "$tmp/$zip" ]; then
	# pgxn runs make as the caller: the extension lands in the copy only.
	(cd "$tmp" && pgxn install --pg_config "$pgc" "./$zip") >"$tmp/install.log" 2>&1 &&
		[ -f "$("$pgc" --pkglibdir)/$ext.so" ] &&
		[ -f "$("$pgc" --sharedir)/extension/$ext.control" ] &&
		[ -f "$("$pgc" --sharedir)/extension/$ext--$ctl_ver.sql" ]
	rc=$?
	[ $rc -eq 0 ] || tail -20 "$tmp/install.log"
	check $rc "pgxn install ./$zip into the copy"
	chmod 755 "$tmp"
	if PG_CONFIG=$pgc wc_cluster_start >"$tmp/cluster.log" 2>&1; then
		trap cleanup EXIT
		(cd "$tmp" && pgxn check --pg_config "$pgc" "./$zip") >"$tmp/check.log" 2>&1
		rc=$?
		regress_counts "$tmp/check.log"
		[ "$ok" -gt 0 ] || rc=1
		[ $rc -eq 0 ] || tail -30 "$tmp/check.log"
		check $rc "pgxn check ./$zip: pg_regress against the installed copy ($ok suites ok, $bad failed)"
	else
		cat "$tmp/cluster.log"
		check 1 "a throwaway cluster of the copy"
	fi
fi
echo "pgxn: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
