# nibinspect — the two commands of the README are `make demo` and `make test`.
SWIFT    ?= swift
BIN_DIR   = .build/release
NIB       = $(BIN_DIR)/nibinspect
OUT      ?= out
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps test-deps build demo test bench samples clean

# Graphviz (libgvc) headers and pkg-config are the only system packages needed (Debian names).
deps:
	@if ! pkg-config --exists libgvc 2>/dev/null; then \
	  echo "==> installing libgraphviz-dev and pkg-config (apt-get)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgraphviz-dev pkg-config; \
	fi

# The JSON Schema test validates outputs with the PyPI package jsonschema; without it that test
# skips with a message. Installed here when python3 is present.
test-deps: deps
	@if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import jsonschema' 2>/dev/null; then \
	  echo "==> installing the Python package jsonschema (for the JSON Schema test)"; \
	  python3 -m pip install -q jsonschema 2>/dev/null || \
	  { $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-jsonschema; } || \
	  echo "    could not install jsonschema; the schema test will be skipped"; \
	fi
	@if ! command -v jq >/dev/null 2>&1; then \
	  echo "==> installing jq (the README's JSON example is checked with it)"; \
	  { $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq; } || \
	  echo "    could not install jq; the README example check will be skipped"; \
	fi

build: deps
	$(SWIFT) build -c release --product nibinspect

demo: build
	@bash Scripts/demo.sh $(NIB) $(OUT)

test: test-deps
	$(SWIFT) test
	@if command -v python3 >/dev/null 2>&1 && command -v jq >/dev/null 2>&1; then \
	  python3 Scripts/check_readme.py .build/debug/nibinspect; \
	else echo "README examples: skipped (needs python3 and jq)"; fi

bench: deps
	@bash Scripts/bench.sh

# Regenerates Samples/ with the project's own archive writers (see Samples/README.md).
samples: deps
	$(SWIFT) run -c release make-samples Samples

clean:
	rm -rf .build $(OUT)
