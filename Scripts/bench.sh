#!/usr/bin/env bash
set -euo pipefail
echo "make bench: not written yet"
