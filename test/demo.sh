#!/usr/bin/env bash
# demo.sh: `make demo`, the main job for a newcomer.  Installs what is
# missing, builds and installs wirecodec, starts a throwaway cluster,
# creates the extension and runs every query in examples/*.sql, echoed.
set -eu
. "$(dirname "$0")/common.sh"
cd "$wc_root"

echo "== installing what is missing, building and installing wirecodec, starting a throwaway cluster"
wc_setup_cluster
"$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -c 'CREATE EXTENSION wirecodec'
for f in examples/*.sql; do
	echo
	echo "=================== $f"
	"$PGBIN/psql" -X -v ON_ERROR_STOP=1 -e -f "$f"
done
echo
echo "demo finished; the throwaway cluster is stopped and removed"
