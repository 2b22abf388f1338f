#!/usr/bin/env bash
# Scripts/dependency_test.sh — nibinspect as a versioned SwiftPM dependency (issue 30). Clones the
# committed HEAD of this repository into a temporary directory, tags it with the package's version,
# and builds a throwaway package that depends on it with
#   .package(url: "file://<clone>", from: "<version>")
# and uses NibOpener (ArchiveReader) and the lint engine (NibLint, NibSourceCheck of NibDiagnosis,
# SourceCodeReader of SourceIndex). SwiftPM refuses unsafe build flags in a versioned dependency's
# products, so this fails if any library product reaches the SwiftSourceParser target. Runs the
# program on Samples/ and the why fixture app, and checks what it prints. Skips with a message
# when git or swift is missing. Uncommitted changes are not part of the clone.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in git swift; do
    command -v "$tool" >/dev/null 2>&1 || { echo "dependency test: skipped ($tool not found)"; exit 0; }
done
git rev-parse --verify -q HEAD >/dev/null || { echo "dependency test: skipped (not a git checkout)"; exit 0; }
REPO=$(pwd)
VERSION=$(sed -n 's/.*public static let version = "\(.*\)".*/\1/p' Sources/NibInspectCore/CLI/NibInspectCLI.swift)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
git clone -q --no-local "$REPO" "$WORK/nibinspect"
git -C "$WORK/nibinspect" -c user.name=test -c user.email=test@localhost tag -a "$VERSION" -m "$VERSION"
mkdir -p "$WORK/app/Sources/app"
cat > "$WORK/app/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "app",
    platforms: [.macOS(.v15)],
    dependencies: [.package(url: "file://$WORK/nibinspect", from: "$VERSION")],
    targets: [
        .executableTarget(name: "app", dependencies: [
            .product(name: "ArchiveReader", package: "nibinspect"),
            .product(name: "NibDiagnosis", package: "nibinspect"),
            .product(name: "SourceIndex", package: "nibinspect"),
        ]),
    ]
)
MANIFEST
cat > "$WORK/app/Sources/app/main.swift" <<'PROGRAM'
import ArchiveReader
import NibDiagnosis
import SourceIndex

// Outlets of a compiled nib, through the one door of the library.
let nib = try NibOpener().open(.path(CommandLine.arguments[1]))
let outlets = nib.input.documents.flatMap { $0.connections.filter { $0.kind == .outlet } }
print("outlets \(outlets.count)")
// The lint engine on an app with sources: nib rules and the checks against the sources (Swift
// files are not read by the library products: they need the SwiftSourceParser target).
let app = try NibOpener().open(.path(CommandLine.arguments[2]))
let sources = SourceCodeReader().read(directories: [CommandLine.arguments[2]])
let findings = NibLint.findings([app.input]) + NibSourceCheck(inputs: [app.input], sources: sources).findings()
print("documents \(app.input.documents.count) findings \(findings.count) objc \(sources.fileCount[.objectiveC] ?? 0) swift-not-read \(sources.swiftFilesNotRead.count)")
PROGRAM
echo "dependency test: building a package that depends on nibinspect $VERSION (a tagged clone of $(git rev-parse --short=12 HEAD))"
if ! (cd "$WORK/app" && swift build > "$WORK/build.log" 2>&1); then
    grep -E "error|unsafe" "$WORK/build.log" | head -20 >&2
    echo "dependency test: FAIL: the dependent package did not build" >&2; exit 1
fi
OUT=$("$WORK/app/.build/debug/app" "$REPO/Samples/LoginViewController.nib" "$REPO/Tests/NibDiagnosisTests/Fixtures/WhyApp")
echo "$OUT" | sed 's/^/    /'
echo "$OUT" | grep -Eq '^outlets [1-9]' || { echo "dependency test: FAIL: no outlet read" >&2; exit 1; }
echo "$OUT" | grep -Eq '^documents [1-9][0-9]* findings [1-9][0-9]* objc [1-9][0-9]* swift-not-read [1-9]' \
    || { echo "dependency test: FAIL: unexpected lint output" >&2; exit 1; }
echo "dependency test: passed"
