# sbx — run untrusted code in a sandbox.  Plain GNU make.
#
#   make demo        install missing packages, build, run an example
#   make test        the whole test suite (unit, cli, escape, examples, difftest)
#   make difftest    every program in tests/diff under sbx and its native
#                    interpreter: same stdout, stderr and exit status
#   make difftest-session   the same through `sbx session exec` (a subset)
#   make bench       side-by-side timings against the bare interpreters
#   make test SANITIZE=1   the same under ASan + UBSan (objects in build-san/)

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
LIBDIR  ?= $(PREFIX)/lib/sbx
MANDIR  ?= $(PREFIX)/share/man
CC      ?= cc

PKGS    := libseccomp yaml-0.1 jansson sqlite3 libcrypto
# A call without a prototype is an error: C would take it to return int
# and cut a returned pointer to 32 bits (a test that moved a helper's
# header once crashed that way instead of failing to build).
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wformat=2 -Wvla -Wno-missing-field-initializers \
           -Werror=implicit-function-declaration
HARDEN  := -D_FORTIFY_SOURCE=2 -fstack-protector-strong -fPIE
OPT     ?= -O2 -g
DUK_SRC ?= /usr/share/duktape

ifeq ($(SANITIZE),1)
BUILD   := build-san
SANFLAGS:= -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
HARDEN  := -fPIE
OPT     := -O1 -g
else
BUILD   := build
SANFLAGS:=
endif

PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# The libraries are linked statically (Debian's -dev packages ship the .a
# files): resolving five shared libraries at every start cost ~1.7 ms, more
# than the whole JavaScript run. LINK_STATIC=0 links them dynamically.
LINK_STATIC ?= 1
ifeq ($(LINK_STATIC),1)
PKG_LIBS   = -Wl,-Bstatic $(shell pkg-config --libs $(PKGS) 2>/dev/null) -Wl,-Bdynamic -ldl -lpthread
else
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
endif
CPPFLAGS += -D_GNU_SOURCE -Isrc -I$(BUILD)/gen -I$(BUILD)/duk -I$(DUK_SRC)
CFLAGS   += -std=c11 $(OPT) $(WARN) $(HARDEN) $(SANFLAGS) $(PKG_CFLAGS)
LDFLAGS  += -pie -Wl,-z,relro,-z,now $(SANFLAGS)
LDLIBS   += $(PKG_LIBS) -lm

SRCS     := $(wildcard src/*/*.c src/*/*/*.c)
OBJS     := $(patsubst src/%.c,$(BUILD)/%.o,$(SRCS))
LIB_OBJS := $(filter-out $(BUILD)/cli/main.o,$(OBJS)) $(BUILD)/duktape.o
UNIT_SRCS:= $(wildcard tests/unit/test_*.c)
UNIT_BINS:= $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRCS))
SBX      := $(if $(filter 1,$(SANITIZE)),$(BUILD)/sbx,bin/sbx)

# Generated sources: JavaScript runtime pieces embedded in the binary.
GEN_DEPS := docs/openapi.in.json $(wildcard build-aux/gen-*.sh src/engine/js/*.js src/engine/js/nodelib/*.js src/engine/js/prelude/*.js src/engine/js/builtins/*.js src/engine/prelude/*)
# npm packages the build installs (see the rule for $(NPM_DIR)/.stamp).
NPM_DIR  := build/npm

.PHONY: all deps deps-test demo test difftest difftest-session unit valgrind cli escape examples-test bench \
        install uninstall clean lint format check-docs fuzz completions openapi
.DEFAULT_GOAL := all

all: deps $(SBX)

deps:
	@build-aux/deps.sh build

deps-test:
	@build-aux/deps.sh test

# Fixes sbx applies to Duktape's compiler (each file says what and why).
DUK_PATCHES := $(sort $(wildcard build-aux/duktape/*.patch))

# Order-only on deps: under make -j the packages must be in place before the
# Duktape sources they ship are read.
$(BUILD)/duk/duk_config.h: build-aux/duk-config.sh $(DUK_PATCHES) | deps
	@mkdir -p $(@D)
	@# #include "duk_config.h" looks beside duktape.h/.c first: copy them
	@# next to our config, or Debian's config silently wins.
	cp $(DUK_SRC)/duktape.h $(DUK_SRC)/duktape.c $(@D)/
	@# A patch that does not apply (another Duktape version) stops the
	@# build: an engine without the fix would give silent wrong answers.
	@for p in $(DUK_PATCHES); do \
	    patch --batch --forward --silent --no-backup-if-mismatch -p1 -d $(@D) -r - < $$p || { \
	        echo "sbx: $$p does not apply to $(DUK_SRC)/duktape.c:" \
	            "update the patch for that Duktape version" >&2; \
	        rm -f $(@D)/duktape.c; exit 1; }; \
	done
	build-aux/duk-config.sh $(DUK_SRC)/duk_config.h > $@.tmp && mv $@.tmp $@

# Duktape is third-party code: built with our config, without our warning set.
$(BUILD)/duktape.o: $(BUILD)/duk/duk_config.h
	@mkdir -p $(@D)
	$(CC) -std=c99 -O2 -g -fPIE $(filter -fsanitize=address,$(SANFLAGS)) \
	    -I$(BUILD)/duk -c $(BUILD)/duk/duktape.c -o $@

$(BUILD)/%.o: src/%.c $(BUILD)/duk/duk_config.h | $(BUILD)/gen/.stamp
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

# The generated headers are made by the stamp's recipe. Naming it as their
# prerequisite makes make look at their time again after it ran, so the
# objects that include them (their .d files say which) are rebuilt in the
# same run, not only in the next one.
$(BUILD)/gen/%.h: $(BUILD)/gen/.stamp ;

$(BUILD)/gen/.stamp: $(GEN_DEPS)
	@mkdir -p $(@D)
	@for g in build-aux/gen-*.sh; do [ -e "$$g" ] || continue; \
	    sh "$$g" $(BUILD)/gen || exit 1; done
	@touch $@

$(SBX): $(OBJS) $(BUILD)/duktape.o
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/test_%: tests/unit/test_%.c $(LIB_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS) -lcmocka

# Every language of the README installed (build-aux/deps.sh demo), then a
# run in each: a new user's first Python, R or Java run works too.
demo: deps all
	@build-aux/deps.sh demo
	@echo '$$ $(SBX) run examples/hello.js'
	@$(SBX) run examples/hello.js
	@echo '$$ $(SBX) run -e "return {sum: inputs.a + inputs.b}" -i a=2 -i b=40 --json'
	@$(SBX) run -e 'return {sum: inputs.a + inputs.b}' -i a=2 -i b=40 --json
	@echo '$$ $(SBX) run -l python -e "import pandas as pd; pd.DataFrame({\"x\": [1, 2]}).x.sum()"'
	@$(SBX) run -l python -e 'import pandas as pd; pd.DataFrame({"x": [1, 2]}).x.sum()'
	@echo '$$ $(SBX) run -l r -e "mean(c(1, 2, 3))"'
	@$(SBX) run -l r -e 'mean(c(1, 2, 3))'
	@echo '$$ $(SBX) run -l java -e "System.out.println(6 * 7);"'
	@$(SBX) run -l java -e 'System.out.println(6 * 7);'

test: deps-test $(SBX) $(UNIT_BINS)
	@SBX=$(abspath $(SBX)) UNIT_BINS="$(UNIT_BINS)" BUILD=$(BUILD) tests/run.sh

# The differential test alone (make test runs it too): tests/diff/run.py.
# DIFFTEST_ARGS passes options, e.g. DIFFTEST_ARGS="--lang py -v".
difftest: deps-test $(SBX)
	@/usr/bin/python3 tests/diff/run.py --sbx $(abspath $(SBX)) --build $(BUILD) $(DIFFTEST_ARGS)

# The corpus through sessions (make test runs it too, as
# tests/cli/test_difftest_session.sh): a subset; DIFFTEST_SESSION_ALL=1
# runs every program.
difftest-session: deps-test $(SBX)
	@SBX=$(abspath $(SBX)) BUILD=$(BUILD) sh tests/cli/test_difftest_session.sh

# docs/openapi.json is made from the route and request-key tables and
# docs/openapi.in.json (serve/openapi.c); tests/cli/test_routes.sh checks it.
openapi: $(SBX)
	$(SBX) serve --openapi >docs/openapi.json.tmp && mv docs/openapi.json.tmp docs/openapi.json

unit: $(UNIT_BINS)
	@for t in $(UNIT_BINS); do $$t || exit 1; done

# The unit tests under valgrind: any error or leak fails.
valgrind: deps-test $(UNIT_BINS)
	@command -v valgrind >/dev/null || { echo "sbx: valgrind is missing: sudo apt-get install -y valgrind" >&2; exit 1; }
	@for t in $(UNIT_BINS); do \
	    SBX_UNDER_VALGRIND=1 valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect \
	        --error-exitcode=99 $$t >/dev/null || { echo "valgrind: $$t failed"; exit 1; }; \
	    echo "valgrind $$(basename $$t): clean"; done

bench: all $(BUILD)/lowertime
	@build-aux/deps.sh bench
	@SBX=$(abspath $(SBX)) BASE=$(BASE) bench/run.sh

completions: $(SBX)
	build-aux/completions.sh $(SBX) completions

check-docs: $(SBX)
	@SBX=$(abspath $(SBX)) tests/cli/test_docs.sh

FORMAT_FILES = src/*/*.c src/*/*.h src/*/*/*.c src/*/*/*.h tests/unit/*.c tests/fuzz/*.c

lint:
	clang-format --dry-run --Werror $(FORMAT_FILES)
	python3 build-aux/check-layers.py src

format:
	clang-format -i $(FORMAT_FILES)

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5
	install -m 0755 bin/sbx $(DESTDIR)$(BINDIR)/sbx
	install -m 0644 man/sbx.1 $(DESTDIR)$(MANDIR)/man1/sbx.1
	-install -m 0644 man/sbx-config.5 $(DESTDIR)$(MANDIR)/man5/sbx-config.5
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	    $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	    $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 0644 completions/sbx.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/sbx
	install -m 0644 completions/_sbx $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_sbx
	install -m 0644 completions/sbx.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/sbx.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/sbx $(DESTDIR)$(MANDIR)/man1/sbx.1 $(DESTDIR)$(MANDIR)/man5/sbx-config.5

clean:
	rm -rf build build-san build-fuzz bin/sbx

-include $(OBJS:.o=.d)

# --- JavaScript lowering (issue #4; build-aux/gen-ts.sh, src/engine/js/lower*.c) ---
# dukbc compiles the transpiler and the runtime library to Duktape bytecode
# with sbx's own Duktape build; gen-ts.sh runs it from the gen stamp, and
# src/engine/js/lower_child.c and lower_runtime.c embed the results with .incbin
# (their hashes are in build/gen/js_lower_gen.h, so those objects rebuild
# when they change).
$(BUILD)/dukbc: build-aux/dukbc.c $(BUILD)/duktape.o
	$(CC) -std=c99 -O2 -I$(BUILD)/duk -I$(DUK_SRC) $^ -o $@ -lm

# lowertime (bench/lowering.sh): the lowering's load / init / transform split.
$(BUILD)/lowertime: bench/lowertime.c $(BUILD)/engine/js/lower_arena.o $(BUILD)/duktape.o $(BUILD)/gen/.stamp
	$(CC) $(CPPFLAGS) -std=c11 -O2 $(WARN) bench/lowertime.c $(BUILD)/engine/js/lower_arena.o \
	    $(BUILD)/duktape.o -o $@ -lm

$(BUILD)/gen/.stamp: $(BUILD)/dukbc $(wildcard src/engine/js/lower/*.js src/engine/js/runtime/*.js) \
    build-aux/ts-es5.js build-aux/acorn-ts-es5.js \
    build-aux/acorn-lazy.js $(NPM_DIR)/.stamp
# The header lower.o includes is written by the stamp's recipe: saying so
# makes make look at its time again after the recipe ran (else lower.o keeps
# the previous transpiler until the next make).
$(BUILD)/gen/js_lower_gen.h: $(BUILD)/gen/.stamp ;

# npm packages Debian has too old (TypeScript 5): the exact versions and
# integrity hashes of build-aux/npm/package-lock.json, installed without
# running their scripts. build/npm is shared by build/ and build-san/, and
# node can require() build/npm/node_modules/typescript as a reference.
$(NPM_DIR)/.stamp: build-aux/npm/package.json build-aux/npm/package-lock.json | deps
	@mkdir -p $(@D)
	cp build-aux/npm/package.json build-aux/npm/package-lock.json $(@D)/
	cd $(@D) && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error || { \
	    echo "sbx: npm ci failed: the first build needs the npm registry" \
	        "once, for the exact versions in build-aux/npm/package-lock.json" >&2; exit 1; }
	@touch $@

# --- The seccomp filters, built at build time (src/sandbox/seccomp_prebuilt.c) ---
# seccomp-gen runs the filter-building code of seccomp.o and seccomp_interp.o
# (libseccomp) and prints the BPF arrays seccomp_prebuilt.o embeds; any change
# to those objects makes it again.
SECCOMP_GEN_OBJS := $(BUILD)/sandbox/seccomp.o $(BUILD)/sandbox/seccomp_interp.o \
                    $(BUILD)/util/util.o $(BUILD)/util/buf.o \
                    $(BUILD)/util/textout.o
$(BUILD)/seccomp-gen: build-aux/seccomp-gen.c $(SECCOMP_GEN_OBJS)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/gen/seccomp_bpf.h: $(BUILD)/seccomp-gen
	@mkdir -p $(@D)
	$(BUILD)/seccomp-gen > $@.tmp && mv $@.tmp $@

$(BUILD)/sandbox/seccomp_prebuilt.o: $(BUILD)/gen/seccomp_bpf.h

# --- Fuzzing (issue #7; tests/fuzz/) ---
# libFuzzer targets for every parser of outside input, built with clang
# (Debian's clang and libclang-rt-14-dev) under ASan + UBSan. The parser
# modules are compiled again into build-fuzz/ with coverage instrumentation;
# nothing here links the engine or Duktape (no parser module calls the
# pipeline: prepare's syntax check is in prepare_check.c, above the policy;
# engine_spawn_resolve, libc only, is there for runopt's engine choice).
# `make fuzz` runs each target for FUZZ_SECONDS on the seed corpus in
# tests/fuzz/corpus/<name>/ (new inputs go to build-fuzz/corpus/, crash
# files to build-fuzz/) and fails on any crash, leak or failed check.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 10
FUZZ_BUILD   := build-fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
                -fno-omit-frame-pointer
# -Wno-format-nonliteral: clang's -Wformat=2 also flags util.c passing its
# va_list format on to vsnprintf, which gcc (and the format attribute on the
# callers) already cover.
FUZZ_CFLAGS  := -std=c11 -g -O1 $(WARN) -Wno-format-nonliteral $(FUZZ_SAN) -fsanitize=fuzzer-no-link \
                -D_GNU_SOURCE -Isrc $(shell pkg-config --cflags yaml-0.1 jansson libcrypto 2>/dev/null)
FUZZ_LIBS     = $(shell pkg-config --libs yaml-0.1 jansson libcrypto 2>/dev/null) -lm
# The modules the parsers live in, and what they reference.
FUZZ_MODS    := util/opt core/config core/config_keys core/config_serve core/request state/manifest \
                policy/policy core/policy_names policy/policy_tokens policy/policy_js \
                policy/policy_python policy/policy_r policy/policy_java policy/policy_deps policy/policy_langs policy/policy_bash policy/policy_c policy/policy_go \
                render/render render/render_results render/render_text core/results util/jsonout core/markdown \
                util/util util/buf util/textout util/front core/lang core/error_kinds core/request_keys core/request_key_checks \
                engine/js/tokenize core/outcome state/store util/statedir util/rmtree \
                sandbox/report state/store_names state/store_lock state/store_read \
                state/store_txn state/store_remove state/manifest_yaml state/manifest_file \
                state/manifest_print run/request_json run/runopt run/engine_choice \
                engine/engine_spawn_resolve run/out_dir run/file_args batch/batch_input \
                mcp/jsonrpc mcp/initialize mcp/tools mcp/tool_cmd \
                serve/api serve/request_plan serve/routes serve/events_query state/events_follow \
                serve/returned_files serve/remote_files sandbox/rundir \
                state/history_time state/history_line render/render_events session/session_proto \
                serve/compat/piston serve/compat/e2b serve/compat/e2b_wire engine/interp \
                sandbox/report_frames core/results_stream
FUZZ_OBJS    := $(patsubst %,$(FUZZ_BUILD)/%.o,$(FUZZ_MODS))
FUZZ_NAMES   := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS    := $(patsubst %,$(FUZZ_BUILD)/fuzz_%,$(FUZZ_NAMES))

.PHONY: fuzz-deps fuzz-build
# Keep the objects (make would delete them as intermediates of the chain).
.SECONDARY: $(FUZZ_OBJS) $(patsubst %,$(FUZZ_BUILD)/fuzz/fuzz_%.o,$(FUZZ_NAMES))

fuzz-deps:
	@build-aux/deps.sh fuzz

fuzz-build: $(FUZZ_BINS)

$(FUZZ_BUILD)/%.o: src/%.c | fuzz-deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@

$(FUZZ_BUILD)/fuzz/%.o: tests/fuzz/%.c | fuzz-deps
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@

$(FUZZ_BUILD)/fuzz_%: $(FUZZ_BUILD)/fuzz/fuzz_%.o $(FUZZ_OBJS)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(FUZZ_LIBS)

# -close_fd_mask=2: the parsers' error messages are expected; libFuzzer and
# the sanitizers still report on a copy of stderr. -timeout: a hang is a bug.
fuzz: $(FUZZ_BINS) $(NPM_DIR)/.stamp
	@fail=""; for t in $(FUZZ_NAMES); do \
	    mkdir -p $(FUZZ_BUILD)/corpus/$$t; \
	    log=$(FUZZ_BUILD)/fuzz_$$t.log; \
	    if $(FUZZ_BUILD)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
	        -close_fd_mask=2 -print_final_stats=1 \
	        -artifact_prefix=$(FUZZ_BUILD)/crash-$$t- \
	        $(FUZZ_BUILD)/corpus/$$t tests/fuzz/corpus/$$t >$$log 2>&1; then \
	        echo "fuzz $$t: $$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' $$log | tail -n 1)"; \
	    else \
	        tail -n 40 $$log; echo "fuzz $$t: FAILED (see $$log)"; fail="$$fail $$t"; \
	    fi; \
	done; \
	node tests/fuzz/subset_lower.js $(FUZZ_SECONDS) || fail="$$fail subset_lower"; \
	node tests/fuzz/subset_lower.js $(FUZZ_SECONDS) 1 ts || fail="$$fail subset_lower_ts"; \
	if [ -n "$$fail" ]; then echo "fuzz: crashes in:$$fail"; exit 1; fi

-include $(FUZZ_OBJS:.o=.d) $(patsubst %,$(FUZZ_BUILD)/fuzz/fuzz_%.d,$(FUZZ_NAMES))
