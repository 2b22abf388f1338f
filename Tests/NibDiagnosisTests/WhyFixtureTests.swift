import ArchiveReader
import Foundation
import NibModel
import SourceIndex
import SwiftSourceParser
import Testing
@testable import NibDiagnosis

/// `nibinspect why` over `Fixtures/WhyApp`, a small iOS app of our own (Swift, Objective-C, xibs
/// and a storyboard) with exactly one deliberate case per ``FindingCode`` (each marked
/// `// why: <code>` in its sources) and false-positive traps (`// why: trap`) that must give none.
@Suite("why over the WhyApp fixture")
struct WhyFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/WhyApp").path

    /// The check as the library builds it: documents from `NibOpener`, sources from `SourceCodeReader`.
    static let check: NibSourceCheck = {
        let input = try! NibOpener().open(.path(directory)).input
        let sources = SourceCodeReader(swift: SwiftSourceReader.available).read(directories: [directory])
        return NibSourceCheck(inputs: [input], sources: sources)
    }()
    static let findings = check.findings()

    struct Key: Hashable, CustomStringConvertible {
        var code: FindingCode
        var className: String?
        var member: String?
        var description: String { "\(code.rawValue) \(className ?? "-") \(member ?? "-")" }
    }

    /// One per code: (code, the runtime class string, member).
    static let expected: [Key] = [
        Key(code: .undeclaredOutlet, className: "WhyApp.ProfileViewController", member: "subtitleLabel"),
        Key(code: .outletNotConnected, className: "WhyApp.SettingsViewController", member: "cacheSizeLabel"),
        // The dead outlet: outlet-not-connected at info (the one code with two cases).
        Key(code: .outletNotConnected, className: "WhyApp.SettingsViewController", member: "versionLabel"),
        Key(code: .outletConnectedElsewhere, className: "WhyApp.ProfileViewController", member: "bioLabel"),
        Key(code: .outletOnWrongObject, className: "WhyApp.ProfileListDataSource", member: "avatarImageView"),
        Key(code: .undeclaredAction, className: "WhyApp.ProfileViewController", member: "shareProfile:"),
        Key(code: .actionSelectorMismatch, className: "WhyApp.EditorViewController", member: "store:"),
        Key(code: .actionNotVisibleToObjC, className: "WhyApp.EditorViewController", member: "dismissEditor:"),
        Key(code: .unknownClass, className: "WhyApp.GradientView", member: nil),
        Key(code: .missingModule, className: "BadgeView", member: nil),
        Key(code: .moduleMismatch, className: "OtherKit.RatingView", member: nil),
        Key(code: .genericClass, className: "WhyApp.TypedListView", member: nil),
        Key(code: .weakOutletCollection, className: "TabStripView", member: "tabs"),
        Key(code: .weakTopLevelOutlet, className: "WhyApp.EditorViewController", member: "accessoryBar"),
        Key(code: .viewOutletNotSet, className: "WhyApp.AboutViewController", member: "view"),
        Key(code: .ownerRootRecursion, className: "WhyApp.CardView", member: nil),
        Key(code: .duplicateConnection, className: "WhyApp.EditorViewController", member: "textView"),
        Key(code: .outletUsedBeforeLoad, className: "WhyApp.DetailViewController", member: "titleLabel"),
        Key(code: .unknownSegueIdentifier, className: "HomeViewController", member: "showHistory"),
        Key(code: .unknownStoryboardIdentifier, className: "HomeViewController", member: "Onboarding"),
        Key(code: .unknownNibName, className: "ProfileListDataSource", member: "profileCell"),
        Key(code: .unknownStoryboardName, className: "HomeViewController", member: "Tour"),
        Key(code: .cellRegisteredByClass, className: "ProfileCell", member: nil),
        Key(code: .undeclaredRuntimeAttribute, className: "WhyApp.RoundedButton", member: "glowRadius"),
        Key(code: .deadAction, className: "WhyApp.HomeViewController", member: "openTour:"),
        Key(code: .unhandledFirstResponderAction, className: "NSButton", member: "exportSettings:"),
        // A nib rule's code that the checks of code report too: the control triggers a segue and
        // its action performs one in code.
        Key(code: .eventToSeveralTargets, className: "WhyApp.HomeViewController", member: "openDetail:"),
    ]

    func finding(_ code: FindingCode) throws -> Finding {
        let matches = Self.findings.filter { $0.code == code }
        try #require(matches.count == 1, "\(code.rawValue): \(matches)")
        return matches[0]
    }

    @Test func fixtureOpensAndParsesCleanly() throws {
        let input = try NibOpener().open(.path(Self.directory)).input
        let names = Set(input.documents.map { NibSourceCheck.baseName($0.name) })
        #expect(names.isSuperset(of: ["ProfileViewController", "ProfileCell", "EditorViewController", "AboutViewController",
                                       "CardView", "Gallery"]))
        // 9 xibs (one of them macOS) and the storyboard's 3 scenes.
        #expect(input.documents.count == 12)
        #expect(input.diagnostics.isEmpty && input.documents.allSatisfy { $0.diagnostics.isEmpty })
        let sources = Self.check.sources
        #expect(sources.problems.isEmpty, "\(sources.problems)")
        #expect(sources.fileCount[.swift] == 15 && sources.fileCount[.objectiveC] == 4)
        #expect(sources.class(named: "ProfileViewController")?.module == "WhyApp")
    }

    @Test func exactlyTheDesignedFindings() {
        let found = Self.findings.map { Key(code: $0.code, className: $0.className, member: $0.member) }
        // A multiset: every key once, nothing else (traps give nothing).
        #expect(found.count == Self.expected.count, "\(found)")
        #expect(Set(found) == Set(Self.expected),
                "unexpected: \(Set(found).subtracting(Self.expected)); missing: \(Set(Self.expected).subtracting(found))")
        #expect(Set(Self.expected.map(\.code)) == Set(FindingCode.whyCodes).union([.eventToSeveralTargets]))
        for code in FindingCode.whyCodes {
            #expect(found.filter { $0.code == code }.count == (code == .outletNotConnected ? 2 : 1), "\(code.rawValue)")
        }
    }

    /// Every `// why: <code>` comment of the fixture names a code, and every code has one.
    @Test func fixtureCommentsMatchTheCodes() throws {
        var commented: [String] = []
        let files = SourceCodeReader().sourceFiles(in: Self.directory)
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let r = line.range(of: "// why: ") else { continue }
                let code = line[r.upperBound...].prefix { $0 != " " }
                if code != "trap" { commented.append(String(code)) }
            }
        }
        #expect(commented.sorted() == Self.expected.map(\.code.rawValue).sorted())
    }

    @Test func severitiesAreTheCodesDefaults() {
        for f in Self.findings where f.member != "versionLabel" {
            #expect(f.severity == f.code.defaultSeverity, "\(f.code.rawValue): \(f.severity)")
        }
        // A dead outlet (no code uses it) ranks below one code uses: info.
        #expect(Self.findings.first { $0.member == "versionLabel" }?.severity == .info)
        #expect(Set(Self.findings.filter { $0.severity == .info }.map(\.code)) == [.outletNotConnected, .deadAction])
        let errors = Set(Self.findings.filter { $0.severity == .error }.map(\.code))
        #expect(errors == [.undeclaredOutlet, .undeclaredAction, .actionSelectorMismatch, .actionNotVisibleToObjC,
                           .unknownClass, .genericClass, .weakOutletCollection, .viewOutletNotSet, .ownerRootRecursion,
                           .unknownSegueIdentifier, .unknownStoryboardIdentifier, .undeclaredRuntimeAttribute, .cellRegisteredByClass])
        let warnings = Set(Self.findings.filter { $0.severity == .warning }.map(\.code))
        #expect(warnings == [.outletNotConnected, .outletConnectedElsewhere, .outletOnWrongObject, .missingModule,
                             .moduleMismatch, .weakTopLevelOutlet, .duplicateConnection, .outletUsedBeforeLoad, .unknownNibName,
                             .unknownStoryboardName, .unhandledFirstResponderAction, .eventToSeveralTargets])
    }

    @Test func messagesNameTheRuntimeClass() throws {
        for f in Self.findings {
            let bare = String(f.className!.split(separator: ".").last!)
            #expect(f.message.contains(bare) || f.object?.contains(bare) == true, "\(f.code.rawValue): \(f.message)")
        }
        // The full runtime strings where the module is what goes wrong or what is looked up.
        #expect(try finding(.undeclaredOutlet).message.hasPrefix("WhyApp.ProfileViewController has no outlet subtitleLabel (ProfileViewController → BaseViewController checked)"))
        #expect(try finding(.undeclaredAction).message.contains("WhyApp.ProfileViewController does not implement shareProfile:"))
        #expect(try finding(.unknownClass).message.contains("Unknown class WhyApp.GradientView"))
        #expect(try finding(.moduleMismatch).message.contains("OtherKit.RatingView") && finding(.moduleMismatch).message.contains("module WhyApp"))
        #expect(try finding(.missingModule).message.contains("looks up 'BadgeView'"))
        #expect(try finding(.actionSelectorMismatch).message.contains("store(sender:), whose selector is storeWithSender:"))
        #expect(try finding(.outletOnWrongObject).message.contains("ProfileCell declares it"))
        #expect(try finding(.unknownNibName).message.contains("differs in case from ProfileCell"))
    }

    @Test func documentsObjectsAndSourceLocations() throws {
        let undeclared = try finding(.undeclaredOutlet)
        #expect(undeclared.document == "Resources/ProfileViewController.xib")
        #expect(undeclared.object == "File's Owner (ProfileViewController)")
        #expect(undeclared.line == 14)   // the <outlet property="subtitleLabel"> element
        #expect(undeclared.sourcesText == ["ProfileViewController.swift:9"])
        // The source location is a value: the whole path, line and column of the declaration.
        let declaration = try #require(undeclared.sources.first)
        #expect(declaration.file.hasSuffix("/WhyApp/Sources/WhyApp/ProfileViewController.swift") && declaration.line == 9 && declaration.column >= 1)
        #expect(undeclared.diagnostic.location.sourceLine == 14 && undeclared.diagnostic.code.rawValue == "undeclared-outlet")
        #expect(try finding(.outletConnectedElsewhere).document == "Resources/ProfileViewController~ipad.xib")
        #expect(try finding(.outletConnectedElsewhere).sourcesText == ["ProfileViewController.swift:12"])
        #expect(try finding(.actionNotVisibleToObjC).sourcesText == ["EditorViewController.swift:36"])
        #expect(try finding(.actionNotVisibleToObjC).object == "UIView › UIButton \"Done\"")
        #expect(try finding(.actionSelectorMismatch).sourcesText == ["EditorViewController.swift:30"])
        #expect(try finding(.weakOutletCollection).sourcesText == ["TabStripView.h:8"])
        #expect(try finding(.weakTopLevelOutlet).sourcesText == ["EditorViewController.swift:9"])
        let unconnected = Self.findings.filter { $0.code == .outletNotConnected }
        #expect(unconnected.map(\.member) == ["cacheSizeLabel", "versionLabel"])
        // The used one says where code uses it (in a closure: it still counts); the dead one says so.
        #expect(unconnected[0].sourcesText == ["SettingsViewController.swift:8", "SettingsViewController.swift:16"])
        #expect(unconnected[0].message.contains("but code uses it (SettingsViewController.swift:16): using it there crashes (nil)"))
        #expect(unconnected[1].sourcesText == ["SettingsViewController.swift:10"])
        #expect(unconnected[1].message.hasSuffix("and no code uses it: a dead outlet"))
        #expect(unconnected.allSatisfy { $0.document == "Resources/Main.storyboard/Settings" })
        let responder = try finding(.unhandledFirstResponderAction)
        #expect(responder.document == "Resources/Preferences.xib" && responder.line != nil)
        #expect(responder.message.contains("sends exportSettings: to First Responder, but no class of the sources implements exportSettings:"))
        let twice = try finding(.eventToSeveralTargets)
        #expect(twice.document == "Resources/Main.storyboard/UIViewController-Hom-vc-C01")
        #expect(twice.sourcesText == ["HomeViewController.swift:14", "HomeViewController.swift:16"])
        #expect(twice.message.contains("whose openDetail(_:) also performs segue \"showDetail\" in code (HomeViewController.swift:16)"))
        let dead = try finding(.deadAction)
        #expect(dead.sourcesText == ["HomeViewController.swift:54"] && dead.path?.hasSuffix("HomeViewController.swift") == true && dead.line == 54)
        #expect(dead.message.hasPrefix("Action openTour(_:) of HomeViewController is sent by nothing: no action connection to HomeViewController in Resources/Main.storyboard/UIViewController-Hom-vc-C01 names it"))
        #expect(try finding(.ownerRootRecursion).sourcesText == ["CardView.swift:13"])
        #expect(try finding(.viewOutletNotSet).sourcesText == ["AboutViewController.swift:5"])
        #expect(try finding(.undeclaredRuntimeAttribute).sourcesText == ["GalleryViews.swift:19"])
        #expect(try finding(.outletUsedBeforeLoad).sourcesText == ["HomeViewController.swift:50"])
        #expect(try finding(.outletUsedBeforeLoad).message.contains("in prepare(for:sender:)"))
        #expect(try finding(.outletUsedBeforeLoad).message.contains("the destination's view (Resources/Main.storyboard/UIViewController-Det-vc-C01) is not loaded yet"))
        #expect(try finding(.unknownSegueIdentifier).sourcesText == ["HomeViewController.swift:21"])
        #expect(try finding(.unknownStoryboardIdentifier).sourcesText == ["HomeViewController.swift:32"])
        #expect(try finding(.unknownNibName).sourcesText == ["ProfileListDataSource.swift:23"])
        #expect(try finding(.unknownStoryboardName).sourcesText == ["HomeViewController.swift:58"])
        #expect(try finding(.unknownStoryboardName).message.hasPrefix("Storyboard name \"Tour\" (HomeViewController.swift:58): no storyboard read has this name"))
        #expect(try finding(.cellRegisteredByClass).sourcesText == ["ProfileListDataSource.swift:17"])
        // Findings in code only carry no document and sort last.
        let codeOnly: Set<FindingCode> = [.outletUsedBeforeLoad, .unknownSegueIdentifier, .unknownStoryboardIdentifier, .unknownNibName,
                                          .cellRegisteredByClass, .unknownStoryboardName, .deadAction]
        #expect(Self.findings.suffix(7).allSatisfy { codeOnly.contains($0.code) && $0.document == nil })
    }

    /// The traps: nothing about inherited Objective-C outlets and actions, extension actions, `@objc`
    /// renames, two-argument actions, `save(sender:)`, the custom NSObject, framework outlets, an
    /// `@IBInspectable` runtime attribute, the identifiers and nib names that do exist, or a
    /// UIKit or AppKit class the sources only extend (`extension UIViewController`, Banner.xib's File's
    /// Owner; `extension NSWindowController`), a macOS `target=` action, an action sent only to First
    /// Responder, actions code names, an outlet used only in a closure (still used: ranked, not dead).
    @Test func trapsGiveNoFinding() {
        let members = Set(Self.findings.compactMap(\.member))
        for trap in ["avatarView", "dismissScreen:", "share:", "toggleNotifications:", "resetAll:", "reset:",
                     "tap:forEvent:", "saveWithSender:", "clearText:", "helper", "delegate", "dataSource", "borderWidth",
                     "layer.cornerRadius", "followButton", "nameLabel", "notificationsSwitch", "greetingLabel", "itemName",
                     "showDetail", "Settings", "ProfileCell", "Gallery", "CardView", "Main",
                     // Not dead: a macOS target= action, an action sent only to First Responder (on macOS and
                     // iOS), an override of a framework action, an action of an AppKit class's extension,
                     // actions code names (#selector, a call), the method an action-selector-mismatch means.
                     "resetDefaults:", "showFontSettings:", "selectAll:", "showPreferencesHelp:", "openHistory:",
                     "openOnboarding:", "openAbout:", "storeWithSender:", "toggleFavorites:"] {
            #expect(!members.contains(trap), "\(trap)")
        }
        // titleLabel: only the storyboard's DetailViewController, used in HomeViewController.prepare(for:sender:).
        #expect(Self.findings.filter { $0.member == "titleLabel" }.map(\.code) == [.outletUsedBeforeLoad])
        let classes = Set(Self.findings.compactMap(\.className))
        for trap in ["WhyApp.EditorHelper", "WhyApp.EditorTextView", "WhyApp.SuggestionTableView", "BaseViewController",
                     "UIViewController", "WhyApp.UIViewController", "NSWindowController", "WhyApp.NSWindowController",
                     "WhyApp.PreferencesWindowController", "WhyApp.FontSettingsViewController"] {
            #expect(!classes.contains(trap), "\(trap)")
        }
        // The fixture's selectors as the reader computes them.
        let editor = Self.check.sources.class(named: "EditorViewController")
        #expect(editor?.method(selector: "saveWithSender:") != nil)
        #expect(editor?.method(selector: "resetAll:")?.displayName == "reset(_:)")
        #expect(editor?.method(selector: "tap:forEvent:") != nil)
        #expect(editor?.method(selector: "share:")?.isAction == true)
        #expect(editor?.method(selector: "dismissEditor:")?.isObjCVisible == false)
    }

    @Test func explainsAnOutletDeclaredInSwift() throws {
        let e = try #require(Self.check.explain(className: "ProfileViewController", member: "bioLabel", findings: Self.findings))
        #expect(e.runtimeName == "WhyApp.ProfileViewController")
        #expect(e.language == "swift" && e.module == "WhyApp")
        #expect(e.declarations.count == 1 && e.declarations[0].hasSuffix("/Fixtures/WhyApp/Sources/WhyApp/ProfileViewController.swift:9"))
        #expect(e.superclasses == ["BaseViewController", "UIViewController"])
        #expect(e.appearances.map(\.document) == ["Resources/ProfileViewController.xib", "Resources/ProfileViewController~ipad.xib"])
        #expect(e.appearances.allSatisfy { $0.role == "filesOwner" })
        let m = try #require(e.members.first)
        #expect(e.members.count == 1)
        #expect(m.kind == "outlet" && m.name == "bioLabel")
        #expect(m.declaration == "weak UILabel!")
        #expect(m.source == "ProfileViewController.swift:12")
        #expect(m.statuses.map(\.state) == ["connected", "not connected"])
        #expect(m.statuses[0].connections == ["UIView › UILabel \"Bio\""])
        #expect(m.statuses[0].when?.contains("loadView") == true)
        #expect(e.findings.map(\.code) == [.outletConnectedElsewhere])
        #expect(e.verdict.contains("bioLabel") && e.verdict.contains("not connected here"))
    }

    @Test func explainsAnOutletInheritedFromObjectiveC() throws {
        let e = try #require(Self.check.explain(className: "WhyApp.ProfileViewController", member: "titleLabel", findings: Self.findings))
        let m = try #require(e.members.first)
        #expect(m.declaredIn == "BaseViewController")
        #expect(m.declaration == "weak UILabel?")   // nullable
        #expect(m.source == "BaseViewController.h:10")
        #expect(m.statuses.map(\.state) == ["connected", "connected"])
        #expect(e.findings.isEmpty)
        #expect(e.verdict.hasPrefix("every appearance is connected"))
        // A strong Objective-C outlet under NS_ASSUME_NONNULL.
        let avatar = try #require(Self.check.explain(className: "ProfileViewController", member: "avatarView")?.members.first)
        #expect(avatar.declaration == "strong UIImageView")
    }
}
