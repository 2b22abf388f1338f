import ArchiveReader
import Foundation
import NibModel
import SourceIndex
import Testing
import TestSupport
@testable import NibDiagnosis

/// IB 2/3 nib bundles' `classes.nib`: read as the classes the nib is checked against when no
/// sources are given.
@Suite struct ClassesNibTests {
    @Test func oldStyleTableGivesClassesOutletsAndActions() throws {
        let text = """
        { IBClasses = (
            {CLASS = FirstResponder; LANGUAGE = ObjC; SUPERCLASS = NSObject; },
            {CLASS = NSApplication; LANGUAGE = ObjC; SUPERCLASS = NSResponder; },
            {ACTIONS = {findNext = id; "replace:" = id; }; CLASS = TextFinder; LANGUAGE = ObjC;
             OUTLETS = {findTextField = NSTextField; statusField = id; }; SUPERCLASS = NSObject; }
        ); IBVersion = 1; }
        """
        let classes = try #require(ClassesNib.classes(Data(text.utf8), file: "Find.nib/classes.nib"))
        // Framework classes and FirstResponder are the framework's, not the nib's.
        #expect(classes.map(\.name) == ["TextFinder"])
        let finder = classes[0]
        #expect(finder.superclass == "NSObject" && finder.isDeclared && finder.language == .objectiveC)
        #expect(finder.actions.map(\.selector) == ["findNext:", "replace:"])
        #expect(finder.outlets.map(\.name) == ["findTextField", "statusField"])
        #expect(finder.outlets[0].type == "NSTextField")
        #expect(ClassesNib.classes(Data("not a plist".utf8), file: "x") == nil)
        #expect(ClassesNib.classes(Data("{ IBVersion = 1; }".utf8), file: "x") == nil)
    }

    @Test func corpusBundlesAreCheckedAgainstTheirOwnClasses() throws {
        guard let root = Corpus.root else { return }
        var checkedBundles = 0
        for entry in Corpus.entries where entry.file.hasSuffix(".nib/classes.nib") {
            let bundle = String(root.appendingPathComponent(entry.file).path.dropLast("/classes.nib".count))
            guard let opened = try? NibOpener().open(.path(bundle)), !opened.input.documents.isEmpty,
                  let sources = ClassesNib.sourceIndex(for: [opened.input]) else { continue }
            checkedBundles += 1
            let (findings, coverage) = NibSourceCheck(inputs: [opened.input], sources: sources).run()
            #expect(NibSourceCheck.isFromClassesNib(sources))
            #expect(coverage["sources"]?.title == "classes.nib (Interface Builder's class tables)")
            #expect(coverage["dead-actions"]?.status == .skipped && coverage["unconnected-outlets"]?.status == .skipped)
            // Only the checks of connections and classes run: no finding needs code.
            #expect(findings.allSatisfy { [.undeclaredOutlet, .undeclaredAction, .actionSelectorMismatch, .unknownClass, .outletOnWrongObject,
                                          .duplicateConnection, .weakOutletCollection, .viewOutletNotSet].contains($0.code) }, "\(bundle): \(findings)")
            // cocotron's CGShadingCreate example: its text fields send takeStartXFromSender (no colon)
            // while GradientView's table, and its header, have takeStartXFromSender: (checked by hand).
            if bundle.hasSuffix("/Examples/CGShadingCreate/English.lproj/MainMenu.nib") {
                #expect(findings.filter { $0.code == .actionSelectorMismatch }.count == 4)
            }
            // A class a palette gave IB (PSMTabBarControl) or one descending from IBPalette: not judged.
            if bundle.contains("PSMTabBarControl/English.lproj/") { #expect(findings.isEmpty, "\(findings)") }
        }
        #expect(checkedBundles > 0)
    }
}
