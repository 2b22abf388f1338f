#!/usr/bin/env bash
# Builds IBLinter (IBDecodable/IBLinter at aa34f5b, its Package.resolved pins) unmodified into
# .build/peers/IBLinter/.build/release/iblinter, for Scripts/iblinter_compare.py and make bench.
#
# Usage: Scripts/build_iblinter.sh [MIRRORS]
#   MIRRORS  a directory holding git repositories named IBLinter, IBDecodable, SourceKitten,
#            XcodeProjKit, swift-argument-parser, SWXMLHash, Yams and swift-crypto, served to SwiftPM
#            as mirrors of their GitHub URLs (for a machine without access to GitHub); without it
#            SwiftPM fetches from GitHub.
# Checked on Linux with Swift 6.3: it builds with no change to IBLinter or its dependencies
# (release, about 30 minutes on a loaded 2-core machine; swift-crypto's BoringSSL is most of it).
set -euo pipefail
cd "$(dirname "$0")/.."
MIRRORS=${1:-}
DEST=.build/peers/IBLinter
mkdir -p .build/peers
if [ ! -d "$DEST" ]; then
  git clone -q "${MIRRORS:+$MIRRORS/IBLinter}${MIRRORS:-https://github.com/IBDecodable/IBLinter.git}" "$DEST"
  git -C "$DEST" checkout -q aa34f5b
fi
if [ -n "$MIRRORS" ]; then
  MIRRORS=$(cd "$MIRRORS" && pwd)
  for pair in IBDecodable/IBDecodable.git:IBDecodable jpsim/SourceKitten.git:SourceKitten phimage/XcodeProjKit.git:XcodeProjKit \
      apple/swift-argument-parser:swift-argument-parser apple/swift-argument-parser.git:swift-argument-parser \
      drmohundro/SWXMLHash.git:SWXMLHash jpsim/Yams.git:Yams apple/swift-crypto.git:swift-crypto; do
    (cd "$DEST" && swift package config set-mirror --original "https://github.com/${pair%%:*}" --mirror "file://$MIRRORS/${pair##*:}")
  done
fi
(cd "$DEST" && swift build -c release --product iblinter 2>&1 | tail -3)
