# wirecodec: PGXS build.  `make && make install && make installcheck` work
# against a server you already run; `make demo` and `make test` do the
# whole set-up on a fresh machine (see README.md and doc/testing.md).

EXTENSION   = wirecodec
MODULE_big  = wirecodec
# The install script of the current version is built from one source file
# per codec (src/sql/), concatenated in this order.  So is the upgrade
# script to it from the last release (below).
# The older versions' scripts and the released upgrade scripts are kept as
# released (at a release the built upgrade script is committed).
EXTVERSION  = $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" $(EXTENSION).control)
WC_SQL      = src/sql/prologue.sql src/sql/hlc.sql src/sql/mvcc.sql \
              src/sql/crdb_key.sql src/sql/fdb_tuple.sql src/sql/mysql.sql \
              src/sql/mysql_binlog.sql
WC_PREVIOUS = 0.2
WC_UPGRADE_NEW = src/sql/crdb_key.sql src/sql/mysql_binlog.sql
DATA_built  = $(EXTENSION)--$(EXTVERSION).sql $(EXTENSION)--$(WC_PREVIOUS)--$(EXTVERSION).sql
DATA        = $(filter-out $(DATA_built),$(wildcard $(EXTENSION)--*.sql))

CORE_SRCS   = $(wildcard src/core/*.c)
PG_SRCS     = $(wildcard src/pg/*.c)
OBJS        = $(CORE_SRCS:.c=.o) $(PG_SRCS:.c=.o)

# One pg_regress suite per file in sql/, run in name order.
REGRESS     = $(sort $(basename $(notdir $(wildcard sql/*.sql))))
REGRESS_OPTS = --inputdir=. --load-extension=wirecodec

PG_CPPFLAGS = -I$(srcdir)/src/core -I$(srcdir)/src/pg
PG_CFLAGS   = -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers
# zlib and zstd: the MySQL compressed protocol, MariaDB's compressed binlog
# events and MySQL's binlog transaction payloads.
SHLIB_LINK += -lz -lzstd

EXTRA_CLEAN = test/unit/build test/unit/build-san test/bench/build test/fuzz/build results regression.diffs regression.out

# The server to build for: pg_config on PATH unless PG_CONFIG is given, as in
# contrib and pgvector (make PG_CONFIG=/usr/lib/postgresql/17/bin/pg_config).
# `make demo` and `make test` pick the newest installed server themselves.
PG_CONFIG  ?= pg_config
PGXS       := $(shell $(PG_CONFIG) --pgxs 2>/dev/null)
# The targets at the end, which test, measure and package, work without the
# server headers: `make demo` and `make test` install
# postgresql-server-dev-NN first, the others need none or install their own.
# (Debian ships pgxs.mk with the client package, so look for the headers
# themselves.)
WC_TARGETS  = demo test test-matrix test-citus test-mysql-live test-mysql-binlog test-binlog-apply \
              bench-citus unit unit-san bench bench-compare fuzz hostile load reliability \
              deb dist test-packaging test-bare
# `make installcheck` against installed files, and `make clean`, need only
# pgxs.mk and pg_regress, which the client package has (as in an autopkgtest).
ifneq ($(wildcard $(shell $(PG_CONFIG) --includedir-server 2>/dev/null)/postgres.h),)
include $(PGXS)
else ifneq ($(and $(filter installcheck clean,$(MAKECMDGOALS)),$(wildcard $(PGXS))),)
include $(PGXS)
else ifeq ($(filter $(WC_TARGETS),$(MAKECMDGOALS)),)
$(error PostgreSQL server headers not found: install postgresql-server-dev-NN, or run `make demo` / `make test`, which do)
endif

# Suites that exist only on newer servers: soft input errors (16+) and
# COPY ... ON_ERROR (17+).  VERSION_NUM comes from PGXS.
ifneq ($(VERSION_NUM),)
ifeq ($(shell [ $(VERSION_NUM) -ge 160000 ] || echo old),old)
REGRESS := $(filter-out soft_errors soft_errors_copy,$(REGRESS))
else ifeq ($(shell [ $(VERSION_NUM) -ge 170000 ] || echo old),old)
REGRESS := $(filter-out soft_errors_copy,$(REGRESS))
endif
endif

$(EXTENSION)--$(EXTVERSION).sql: $(WC_SQL) $(EXTENSION).control
	cat $(WC_SQL) > $@

# The upgrade: src/sql/upgrade/A--B.sql (changes of A's objects), the
# objects added to A's codecs (between "-- upgrade from A: from here" and
# "-- upgrade from A: to here" in their sources), the new codecs' sources.
$(EXTENSION)--$(WC_PREVIOUS)--$(EXTVERSION).sql: src/sql/upgrade/$(WC_PREVIOUS)--$(EXTVERSION).sql $(WC_SQL) $(EXTENSION).control
	{ cat src/sql/upgrade/$(WC_PREVIOUS)--$(EXTVERSION).sql && \
	  for f in $(filter-out $(WC_UPGRADE_NEW),$(WC_SQL)); do \
	    sed -n '/^-- upgrade from $(WC_PREVIOUS): from here$$/,/^-- upgrade from $(WC_PREVIOUS): to here$$/p' $$f; done && \
	  cat $(WC_UPGRADE_NEW); } > $@

# Objects depend on every header of the core and glue: headers are few and
# small, and a stale object after a struct change is a silent wrong answer.
$(OBJS): $(wildcard src/core/*.h src/pg/*.h)

# ---- Targets that test and measure (documented in doc/testing.md) ----
.PHONY: $(WC_TARGETS)

demo:
	bash test/demo.sh

test:
	bash test/run.sh

# PostgreSQL 17 (Debian 13) and 18 (sid) in cached chroots: build, unit tests,
# every pg_regress suite (doc/testing.md, "make test-matrix").
test-matrix:
	bash test/matrix.sh $(MATRIX)

# A coordinator and two workers with Citus (doc/testing.md, "make test-citus";
# doc/citus.md).
test-citus:
	bash test/citus/run.sh

# MariaDB (Debian 12) and MySQL (sid chroot), recorded through our proxy and
# decoded (doc/testing.md, "make test-mysql-live").
test-mysql-live:
	bash test/mysql_live/run.sh

# MariaDB and MySQL (sid chroot) writing binlogs under each logging option,
# decoded by mysql_binlog_rows and compared with the tables and the
# servers' mariadb-binlog and mysqlbinlog; then the replication suite
# (test-binlog-apply).
test-mysql-binlog:
	bash test/mysql_binlog/run.sh

# The replication suite alone (test/mysql_binlog/apply-suite.sh): random
# MariaDB and MySQL workloads over many binlog files applied by
# mysql_binlog_apply after each file and compared with the servers' tables
# (SEED=, STATEMENTS=); a live mirror (mariadb-binlog --stop-never) applied
# every second, with its lag; an apply interrupted by a crash of PostgreSQL
# and applied again.
test-binlog-apply:
	WC_APPLY_SEED=$(SEED) WC_APPLY_STATEMENTS=$(STATEMENTS) bash test/mysql_binlog/apply-suite.sh

bench-citus:
	CITUS_BENCH_APPLY_ROWS=$(CITUS_BENCH_APPLY_ROWS) bash test/citus/bench.sh $(CITUS_BENCH_ROWS)

# C unit tests of the pure core, driven by test/vectors/*.tsv; no server.
unit:
	$(MAKE) -f test/unit/unit.mk

unit-san:
	$(MAKE) -f test/unit/unit.mk SAN=1

bench:
	bash test/bench/run.sh

# The typed-row paths of the work tree against those of revision REV, in
# the same run (make bench-compare REV=v0.2).
bench-compare:
	bash test/bench/compare.sh $(REV)

fuzz:
	bash test/fuzz/run.sh $(FUZZ_SECONDS)

# Hostile input through SQL, pgbench load, memory and parallel figures
# (doc/testing.md, "Reliability").
hostile:
	bash test/hostile/run.sh $(HOSTILE_N)

load:
	bash test/load/run.sh $(LOAD_SECONDS)

reliability:
	bash test/load/reliability.sh

# ---- Packages (doc/install.md) ----

# Debian packages postgresql-NN-wirecodec for the host's PostgreSQL, built
# from a clean copy with dpkg-buildpackage (debian/); written to build/deb/.
deb:
	bash test/packaging/deb.sh

# The PGXN release archive wirecodec-$(EXTVERSION).zip of the committed tree.
dist:
	git archive --format zip --prefix $(EXTENSION)-$(EXTVERSION)/ -o $(EXTENSION)-$(EXTVERSION).zip HEAD

# Debian packages for 15 (host), 17 (trixie) and 18 (sid): build, lintian,
# install into a clean chroot with only the server, installcheck, remove;
# META.json against the control file; the PGXN archive installed by pgxnclient.
# PACKAGING="trixie:17" picks versions.
test-packaging:
	bash test/packaging/run.sh $(PACKAGING)

# `make demo` and `make test` as written on bare Debian 12 and 13 chroots.
# BARE="bookworm:root:test trixie:user:check" is the default (doc/install.md).
test-bare:
	bash test/packaging/bare.sh $(BARE)
