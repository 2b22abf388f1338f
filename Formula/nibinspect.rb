# Homebrew formula: builds nibinspect from a tagged release (issue 30). Install from a checkout with
#   brew install --build-from-source ./Formula/nibinspect.rb
# or from a tap holding this file. Before publishing a release: set the repository's address below
# and the tag (and revision) of the release.
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
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "nibinspect"
    bin.install ".build/release/nibinspect"
    # The SwiftParser libraries of the toolchain `why` reads Swift with, when the build found them
    # (Package.swift: NIBINSPECT_SWIFT_HOST, SWIFT_EXEC, xcrun --find swiftc), next to the binary.
    host = Pathname.new(Utils.safe_popen_read("xcrun", "--find", "swiftc").strip).dirname.parent/"lib/swift/host"
    libs = %w[libSwiftParser.dylib libSwiftSyntax.dylib libSwiftDiagnostics.dylib].map { |l| host/l }.select(&:exist?)
    unless libs.empty?
      lib.install libs
      MachO::Tools.add_rpath(bin/"nibinspect", "@executable_path/../lib")
    end
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
