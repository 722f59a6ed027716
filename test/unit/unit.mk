# unit.mk: builds and runs the C unit tests of the pure codec core, one
# binary per test/unit/test_<codec>.c, linked with every src/core/*.c.
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
CFLAGS    += -std=gnu11 -Wall -Wextra -Werror -Isrc/core -Itest/unit

BINS := $(addprefix $(BUILD)/,$(TESTS))

.PHONY: run
run: $(BINS)
	@status=0; for t in $(BINS); do ./$$t || status=1; done; exit $$status

$(BUILD)/%: test/unit/%.c test/unit/harness.c test/unit/harness.h $(CORE_SRCS) $(wildcard src/core/*.h)
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) -o $@ $< test/unit/harness.c $(CORE_SRCS)
