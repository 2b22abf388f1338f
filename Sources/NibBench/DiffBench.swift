import Foundation

/// `make bench` growth of `nibinspect diff` (issue 14): the synthetic xib (``SyntheticXib``)
/// against a copy with a few edits (a text changed, an outlet retargeted, an action's event
/// changed, a view added, a view re-created under a new id) at 1×, 4× and 16× its screens, one child process per
/// run, with the growth factor of each 4× step (as ``GrowthBench``).
enum DiffBench {
    static let sections = [
        BenchSection(name: "growth-diff", arguments: "<nibinspect> [<screens at 1x>]",
                     summary: "nibinspect diff of the synthetic xib against an edited copy at 1x, 4x, 16x (default 100 screens: 2,500, 10,000, 40,000 objects)",
                     run: run),
    ]

    /// `xib` with five edits, all in the first screens; the rest of the document is unchanged.
    static func edited(_ xib: String) -> String {
        xib.replacingOccurrences(of: #"text="Label S0-V0""#, with: #"text="Label S0-V0 edited""#)
            .replacingOccurrences(of: #"destination="S1-V0" id="O1-0""#, with: #"destination="S1-V1" id="O1-0""#)
            .replacingOccurrences(of: #"eventType="touchUpInside" id="A0-2""#, with: #"eventType="touchDown" id="A0-2""#)
            .replacingOccurrences(of: #"<textField opaque="NO" contentMode="scaleToFill" borderStyle="roundedRect" placeholder="Field S2-V1" tag="201" id="S2-V1">"#,
                                  with: #"<switch opaque="NO" contentMode="scaleToFill" id="New-Sw-001"><rect key="frame" x="0" y="0" width="51" height="31"/></switch><textField opaque="NO" contentMode="scaleToFill" borderStyle="roundedRect" placeholder="Field S2-V1" tag="201" id="S2-V1">"#)
            .replacingOccurrences(of: #"placeholder="Field S3-V4" tag="304" id="S3-V4""#, with: #"placeholder="Field S3-V4" tag="304" id="S3-V4-gone""#)
    }

    static func run(_ args: [String]) -> Int32 {
        guard let tool = args.first, FileManager.default.isExecutableFile(atPath: tool) else {
            print("growth-diff: usage: nibbench growth-diff <nibinspect> [screens]")
            return 64
        }
        let base = args.count > 1 ? max(5, Int(args[1]) ?? 100) : 100
        guard let dir = GrowthBench.temporaryDirectory() else { return 73 }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var sizes: [[GrowthBench.Case]] = []
        for step in GrowthBench.steps {
            let old = dir + "/Old\(step)x.xib", new = dir + "/New\(step)x.xib"
            let text = SyntheticXib.make(screens: base * step)
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: old))
                try Data(edited(text).utf8).write(to: URL(fileURLWithPath: new))
            } catch {
                print("growth-diff: cannot write the synthetic inputs: \(error)")
                return 70
            }
            let bytes = GrowthBench.fileSize(old) + GrowthBench.fileSize(new)
            sizes.append([
                GrowthBench.Case(name: "diff", arguments: ["diff", old, new], inputBytes: bytes),
                GrowthBench.Case(name: "diff json", arguments: ["diff", "--format", "json", old, new], inputBytes: bytes),
                GrowthBench.Case(name: "diff --only tools", arguments: ["diff", "--only", "tools", old, new], inputBytes: bytes),
            ])
        }
        print("growth-diff: synthetic xib of " + GrowthBench.steps.map { "\(base * $0)" }.joined(separator: ", ")
              + " screens (25 objects each) against a copy with 5 edits: "
              + sizes.map { Bench.mb($0[0].inputBytes) }.joined(separator: ", ") + " (both sides)")
        return GrowthBench.report("diff", tool: tool, sizes: sizes, target: nil)
    }
}
