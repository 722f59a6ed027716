# unit.mk: builds and runs the C unit tests of the pure codec core, one
# binary per test/unit/test_<codec>.c, linked with every src/core/*.c (each
# compiled once into $(BUILD)/core/, so `make -j` builds them in parallel).
# SAN=1 builds them with clang under AddressSanitizer + UBSan instead.
# Run through `make unit` / `make unit-san` from the project root.

CORE_SRCS := $(wildcard src/core/*.c)
TESTS     := $(basename $(notdir $(wildcard test/unit/test_*.c)))

ifeq ($(SAN),1)
CC        := clang
BUILD     := test/unit/build-san
CFLAGS    := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
else
CC        ?= cc
BUILD     := test/unit/build
CFLAGS    := -O2 -g
endif
# (designated initializers leave the rest of a struct zero, as C says: the
# status table relies on it, as the extension's own build does)
CFLAGS    += -std=gnu11 -Wall -Wextra -Wno-missing-field-initializers -Werror -Isrc/core -Itest/unit

# PostgreSQL's libpgcommon (its Ryu float formatters, which the glue hands
# the core) when the server's build files are installed: test_fdb_tuple_text
# then checks the core with the very formatter it runs with in the server.
PG_CONFIG ?= $(firstword $(shell ls -d /usr/lib/postgresql/*/bin/pg_config 2>/dev/null | sort -V -r) pg_config)
PGCOMMON  := $(firstword $(wildcard $(shell $(PG_CONFIG) --pkglibdir 2>/dev/null)/libpgcommon.a $(shell $(PG_CONFIG) --libdir 2>/dev/null)/libpgcommon.a))
# zlib and zstd: the MySQL compressed protocol and compressed binlog events.
LDLIBS    := -lz -lzstd -lm
ifneq ($(PGCOMMON),)
$(BUILD)/test_fdb_tuple_text: private CFLAGS += -DWC_HAVE_PGCOMMON
$(BUILD)/test_fdb_tuple_text: private LDLIBS := $(PGCOMMON) $(wildcard $(dir $(PGCOMMON))libpgport.a) $(LDLIBS)
endif

BINS := $(addprefix $(BUILD)/,$(TESTS))
CORE_OBJS := $(patsubst src/core/%.c,$(BUILD)/core/%.o,$(CORE_SRCS))

.PHONY: run
run: $(BINS)
	@status=0; for t in $(BINS); do ./$$t || status=1; done; exit $$status

$(BUILD)/core/%.o: src/core/%.c $(wildcard src/core/*.h)
	@mkdir -p $(BUILD)/core
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/harness.o: test/unit/harness.c test/unit/harness.h
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/%: test/unit/%.c test/unit/harness.h $(wildcard src/core/*.h) $(BUILD)/harness.o $(CORE_OBJS)
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/harness.o $(CORE_OBJS) $(LDLIBS)

# the objects every test links are kept between runs
.SECONDARY: $(CORE_OBJS) $(BUILD)/harness.o
