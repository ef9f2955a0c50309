# Two commands do all set-up on a fresh machine: `make demo` and `make test`.
SWIFT ?= swift
CPDI := .build/debug/cpdi
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test build graphviz samples clean

# libgraphviz is linked in process (pkg-config libgvc); install it when missing.
graphviz:
	@pkg-config --exists libgvc || { \
		echo "Installing Graphviz (libgraphviz-dev) with apt…"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libgraphviz-dev graphviz; }

build: graphviz
	$(SWIFT) build

demo: build
	$(CPDI) check Samples/ShopApp
	$(CPDI) graph Samples/ShopApp -o output/ShopApp.svg

test: graphviz
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Rewrites each sample's expected findings from the current build: review the diff before committing.
samples: build
	@for sample in Samples/*/; do \
		$(CPDI) check "$$sample" > "$$sample/expected-findings.txt" 2>/dev/null || true; done

clean:
	rm -rf .build
