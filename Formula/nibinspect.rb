# Homebrew formula: builds nibinspect from a tagged release (issue 30). Install from a checkout with
#   brew install --build-from-source ./Formula/nibinspect.rb
# or from a tap holding this file. Before publishing a release, replace the placeholders: OWNER in
# the addresses below, the tag, and add `revision: "<the tag's full commit hash>"` beside it (a git
# url is checked by its revision and needs no sha256; a release tarball url instead would need
# `sha256 "<shasum -a 256 of the tarball>"`, and --version would then report the commit `unknown`).
class Nibinspect < Formula
  desc "Inspect compiled Interface Builder files: nibs, storyboards and xibs"
  homepage "https://github.com/OWNER/nibinspect"
  # A git checkout of the tag (not the tarball), so that --version can report the commit.
  url "https://github.com/OWNER/nibinspect.git", tag: "v0.1.0"
  head "https://github.com/OWNER/nibinspect.git", branch: "main"

  depends_on xcode: ["26.0", :build]
  depends_on "pkgconf" => :build
  depends_on macos: :sequoia
  depends_on "graphviz"
  depends_on "libarchive"
  depends_on "libyaml"

  def install
    # libarchive is keg-only: SwiftPM asks pkg-config for the CArchive flags.
    ENV.prepend_path "PKG_CONFIG_PATH", Formula["libarchive"].opt_lib/"pkgconfig"
    ENV["NIBINSPECT_COMMIT"] = Utils.git_short_head(length: 12) if File.exist?(".git")
    # As `make dist`: no rpath into the toolchain (NIBINSPECT_DIST=1); the SwiftParser libraries
    # are found through @executable_path/../libexec/lib, set at link time (no Mach-O editing, no
    # re-signing), in libexec so that brew links none of them into its prefix's lib/.
    ENV["NIBINSPECT_DIST"] = "1"
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "nibinspect",
           "-Xlinker", "-rpath", "-Xlinker", "@executable_path/../libexec/lib"
    bin.install ".build/release/nibinspect"
    # The SwiftParser libraries of the toolchain `why` reads Swift with, when the build found them
    # (Package.swift: NIBINSPECT_SWIFT_HOST, SWIFT_EXEC, xcrun --find swiftc), into libexec/lib.
    host = Pathname.new(Utils.safe_popen_read("xcrun", "--find", "swiftc").strip).dirname.parent/"lib/swift/host"
    libs = %w[libSwiftParser.dylib libSwiftSyntax.dylib libSwiftDiagnostics.dylib].map { |l| host/l }.select(&:exist?)
    (libexec/"lib").install libs unless libs.empty?
    (man1/"nibinspect.1").write Utils.safe_popen_read(bin/"nibinspect", "--generate-manual")
    generate_completions_from_executable(bin/"nibinspect", "--generate-completion-script")
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/nibinspect --version")
    (testpath/"A.xib").write <<~XML
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
        <objects>
          <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="LoginViewController"/>
          <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
          <view contentMode="scaleToFill" id="1"/>
        </objects>
      </document>
    XML
    assert_match "LoginViewController", shell_output("#{bin}/nibinspect tree #{testpath}/A.xib")
  end
end
