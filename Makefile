# nibinspect — the two commands of the README are `make demo` and `make test`.
SWIFT    ?= swift
BIN_DIR   = .build/release
NIB       = $(BIN_DIR)/nibinspect
OUT      ?= out
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build demo test bench samples clean

# Graphviz (libgvc) headers and pkg-config are the only system packages needed (Debian names).
deps:
	@if ! pkg-config --exists libgvc 2>/dev/null; then \
	  echo "==> installing libgraphviz-dev and pkg-config (apt-get)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgraphviz-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build -c release --product nibinspect

demo: build
	@bash Scripts/demo.sh $(NIB) $(OUT)

test: deps
	$(SWIFT) test

bench: deps
	@bash Scripts/bench.sh

# Regenerates Samples/ with the project's own archive writers (see Samples/README.md).
samples: deps
	$(SWIFT) run -c release make-samples Samples

clean:
	rm -rf .build $(OUT)
