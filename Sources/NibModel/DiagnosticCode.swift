/// The kind of a ``Diagnostic``: every code the readers, the resolver, the walks and `compare`
/// emit, in one list (``allCases``), and the open set of `lint`/`why` rule ids that findings carry
/// (`NibDiagnosis.FindingCode`, declared next to each rule).
///
/// Raw values are stable kebab-case names (`trailing-bytes`, `unresolved-destination`) meant for
/// filters, lint configurations and SARIF rule ids; each reader code has a one-line
/// ``explanation`` and a ``defaultSeverity``. Codes are grouped by where they arise.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    public let rawValue: String

    /// Any code: the readers' codes below, or another engine's (a `lint` rule's id, which a
    /// `why`/`lint` finding carries in its ``Diagnostic``).
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    // Compiled archives (NIBArchive, keyed archive, typedstream).
    public static let unknownArchiveVersion = DiagnosticCode("unknown-archive-version")
    public static let missingArchiveVersion = DiagnosticCode("missing-archive-version")
    public static let unexpectedArchiver = DiagnosticCode("unexpected-archiver")
    public static let trailingBytes = DiagnosticCode("trailing-bytes")
    public static let noTopLevelValue = DiagnosticCode("no-top-level-value")
    public static let extraTopLevelValues = DiagnosticCode("extra-top-level-values")
    public static let unrecognizedClassLayout = DiagnosticCode("unrecognized-class-layout")

    // Resolving a compiled archive into Interface Builder terms.
    public static let unrecognizedArchiveRoot = DiagnosticCode("unrecognized-archive-root")
    public static let noRootObject = DiagnosticCode("no-root-object")
    public static let unresolvedSource = DiagnosticCode("unresolved-source")
    public static let unresolvedDestination = DiagnosticCode("unresolved-destination")
    public static let unresolvedMember = DiagnosticCode("unresolved-member")
    public static let noKeyPaths = DiagnosticCode("no-key-paths")
    public static let unresolvedUpstreamPlaceholder = DiagnosticCode("unresolved-upstream-placeholder")

    // XML sources (xib, storyboard, IB 3 archive xib and designable.nib).
    public static let duplicateObjectID = DiagnosticCode("duplicate-object-id")
    public static let elementNestingTooDeep = DiagnosticCode("element-nesting-too-deep")
    public static let missingObjectsRecord = DiagnosticCode("missing-objects-record")
    public static let emptyObjectRecord = DiagnosticCode("empty-object-record")
    public static let unknownEntryPoint = DiagnosticCode("unknown-entry-point")

    // Containers: nib bundles, compiled storyboards, directories, nested archives.
    public static let emptyVariantSkipped = DiagnosticCode("empty-variant-skipped")
    public static let variantNotFound = DiagnosticCode("variant-not-found")
    public static let infoPlistInDeviceStoryboards = DiagnosticCode("info-plist-in-device-storyboards")
    public static let doubledDeviceModifier = DiagnosticCode("doubled-device-modifier")
    public static let missingSceneNib = DiagnosticCode("missing-scene-nib")
    public static let nestedArchiveUnreadable = DiagnosticCode("nested-archive-unreadable")
    public static let nestedArchiveTooDeep = DiagnosticCode("nested-archive-too-deep")
    public static let nestedArchivesTooLarge = DiagnosticCode("nested-archives-too-large")
    public static let directoryTooDeep = DiagnosticCode("directory-too-deep")
    /// The walk of a directory: a symbolic link leading outside the directory walked.
    public static let symlinkOutsideRoot = DiagnosticCode("symlink-outside-root")
    /// The walk of a directory: a symbolic link to a directory that holds it.
    public static let symlinkCycle = DiagnosticCode("symlink-cycle")
    /// The walk of a directory: a FIFO, socket or device.
    public static let specialFileSkipped = DiagnosticCode("special-file-skipped")
    /// The walk of a directory for sources or resources: a directory that cannot be listed.
    public static let unreadableDirectory = DiagnosticCode("unreadable-directory")
    public static let documentNotRead = DiagnosticCode("document-not-read")
    /// `why`/`lint`: a Swift or Objective-C file that could not be read or parsed in full.
    public static let sourceNotParsed = DiagnosticCode("source-not-parsed")

    // `compare`: what compilation drops or adds, so it is not compared.
    public static let firstResponderNotArchived = DiagnosticCode("first-responder-not-archived")
    public static let applicationNotArchived = DiagnosticCode("application-not-archived")
    public static let exitPlaceholderNotArchived = DiagnosticCode("exit-placeholder-not-archived")
    public static let layoutGuideNotArchived = DiagnosticCode("layout-guide-not-archived")
    public static let placeholderConstraintRemoved = DiagnosticCode("placeholder-constraint-removed")
    public static let storyboardReferenceNotArchived = DiagnosticCode("storyboard-reference-not-archived")
    public static let placeholderClassNotArchived = DiagnosticCode("placeholder-class-not-archived")
    public static let implicitObjects = DiagnosticCode("implicit-objects")
    public static let storyboardObjectsAdded = DiagnosticCode("storyboard-objects-added")
    public static let impliedConnections = DiagnosticCode("implied-connections")
    public static let designTimeConnections = DiagnosticCode("design-time-connections")
    public static let storyboardConnectionsAdded = DiagnosticCode("storyboard-connections-added")
    public static let connectionsNotCompared = DiagnosticCode("connections-not-compared")
    public static let nestedArchiveWithoutSource = DiagnosticCode("nested-archive-without-source")

    /// The codes of the readers, the resolver, the walks and `compare`, in the order above (lint
    /// rules declare theirs as `FindingCode`s).
    public static let allCases: [DiagnosticCode] = [
        .unknownArchiveVersion,
        .missingArchiveVersion,
        .unexpectedArchiver,
        .trailingBytes,
        .noTopLevelValue,
        .extraTopLevelValues,
        .unrecognizedClassLayout,
        .unrecognizedArchiveRoot,
        .noRootObject,
        .unresolvedSource,
        .unresolvedDestination,
        .unresolvedMember,
        .noKeyPaths,
        .unresolvedUpstreamPlaceholder,
        .duplicateObjectID,
        .elementNestingTooDeep,
        .missingObjectsRecord,
        .emptyObjectRecord,
        .unknownEntryPoint,
        .emptyVariantSkipped,
        .variantNotFound,
        .infoPlistInDeviceStoryboards,
        .doubledDeviceModifier,
        .missingSceneNib,
        .nestedArchiveUnreadable,
        .nestedArchiveTooDeep,
        .nestedArchivesTooLarge,
        .directoryTooDeep,
        .symlinkOutsideRoot,
        .symlinkCycle,
        .specialFileSkipped,
        .unreadableDirectory,
        .documentNotRead,
        .sourceNotParsed,
        .firstResponderNotArchived,
        .applicationNotArchived,
        .exitPlaceholderNotArchived,
        .layoutGuideNotArchived,
        .placeholderConstraintRemoved,
        .storyboardReferenceNotArchived,
        .placeholderClassNotArchived,
        .implicitObjects,
        .storyboardObjectsAdded,
        .impliedConnections,
        .designTimeConnections,
        .storyboardConnectionsAdded,
        .connectionsNotCompared,
        .nestedArchiveWithoutSource,
    ]

    /// What the code means, in one line.
    public var explanation: String {
        switch self {
        case .unknownArchiveVersion:
            return "The archive's version words are not ones this reader knows (NIBArchive 1/9 or 1/10, keyed $version 100000); it was read anyway."
        case .missingArchiveVersion:
            return "A keyed archive has no integer $version; it was read anyway."
        case .unexpectedArchiver:
            return "A keyed archive's $archiver is not NSKeyedArchiver; it was read anyway."
        case .trailingBytes:
            return "Bytes follow the last table of a NIBArchive (such as the LNE\\0 trailer); they are not part of any table."
        case .noTopLevelValue:
            return "A typedstream holds no top-level value, so it has no object data to resolve."
        case .extraTopLevelValues:
            return "A typedstream holds more than one top-level value; the first is read as the object data."
        case .unrecognizedClassLayout:
            return "A typedstream class level does not have the layout known for its class version; its values are kept raw."
        case .unrecognizedArchiveRoot:
            return "The archive root has neither UIKit nib keys nor IB.objectdata, so no Interface Builder objects were resolved."
        case .noRootObject:
            return "The archive has no root object, so nothing was resolved."
        case .unresolvedSource:
            return "A connection's source (or the object it configures) is missing, nil or not an Interface Builder object; the connection is kept and flagged."
        case .unresolvedDestination:
            return "A connection's destination is missing, nil, not an object reference or names no object; the connection is kept and flagged."
        case .unresolvedMember:
            return "A member of an outlet collection names no object; the collection is kept and flagged."
        case .noKeyPaths:
            return "A user-defined runtime attributes connector archives no key paths; it is kept as one empty attribute."
        case .unresolvedUpstreamPlaceholder:
            return "An upstream placeholder of a storyboard view nib is not in any parent scene's external objects table."
        case .duplicateObjectID:
            return "Two elements of a xib or storyboard carry the same id; both are kept."
        case .elementNestingTooDeep:
            return "XML elements nest deeper than the reader follows; the rest of that branch is skipped."
        case .missingObjectsRecord:
            return "An IB 3 archive xib has no IBDocument.Objects record, so no objects were read."
        case .emptyObjectRecord:
            return "An IB 3 object record has no object; the record is skipped."
        case .unknownEntryPoint:
            return "The storyboard's initial view controller names no object or scene."
        case .emptyVariantSkipped:
            return "A nib bundle's preferred compiled variant is empty (0 bytes); the next non-empty variant was read instead."
        case .variantNotFound:
            return "A nib bundle inside a directory has no variant of the name asked for; its default variant was read."
        case .infoPlistInDeviceStoryboards:
            return "A compiled storyboard has no Info.plist of its own; its device storyboards hold one and read their nibs from it."
        case .doubledDeviceModifier:
            return "A nib name carries two device modifiers (Foo~iphone~iphone.nib); no loader resolves such a name."
        case .missingSceneNib:
            return "A compiled storyboard's Info.plist names a scene nib that is not in the storyboard."
        case .nestedArchiveUnreadable:
            return "An archive nested in a data value could not be decoded; its parent document is still read."
        case .nestedArchiveTooDeep:
            return "Archives nest deeper than the decoding limit allows; the deeper ones are not read."
        case .nestedArchivesTooLarge:
            return "Nested archives add up to more than the decoding limit allows relative to the input (one data value referenced many times); the rest are not read."
        case .directoryTooDeep:
            return "Directories nest deeper than the walk follows (64 levels); the deeper ones are not read."
        case .symlinkOutsideRoot:
            return "A symbolic link below a directory leads outside it; the walk does not follow it."
        case .symlinkCycle:
            return "A symbolic link below a directory leads back to a directory that holds it; the walk does not follow it."
        case .specialFileSkipped:
            return "A FIFO (named pipe), socket or device below a directory is not a file to read; the walk skips it without opening it."
        case .unreadableDirectory:
            return "A directory below the one walked could not be listed; what it holds is not read."
        case .documentNotRead:
            return "A document of a directory or compiled storyboard could not be read; the other documents are still read."
        case .sourceNotParsed:
            return "A Swift or Objective-C source file could not be read or has syntax the reader did not understand; what parsed is still used."
        case .firstResponderNotArchived:
            return "compare: the source's First Responder placeholder is not archived (actions to it have a nil target)."
        case .applicationNotArchived:
            return "compare: the source's Application placeholder is not in a nib that archives none (Xcode declares it in every macOS xib)."
        case .exitPlaceholderNotArchived:
            return "compare: a storyboard Exit placeholder is design-time only (unwind segues are compiled into segue templates)."
        case .layoutGuideNotArchived:
            return "compare: a layout guide is archived inside the constraints that use it, not as an object."
        case .placeholderConstraintRemoved:
            return "compare: a constraint the source marks placeholder=\"YES\" (remove at build time) is not compiled."
        case .storyboardReferenceNotArchived:
            return "compare: a storyboard reference is compiled into Info.plist references, not into an object."
        case .placeholderClassNotArchived:
            return "compare: a placeholder's class set in the source is design-time only in this nib."
        case .implicitObjects:
            return "compare: compiled objects Interface Builder creates implicitly (cells, clip views, scrollers) have no id in the source."
        case .storyboardObjectsAdded:
            return "compare: storyboard placeholders and segue templates are added by compilation."
        case .impliedConnections:
            return "compare: compiled connections implied by the source's structure (view and window children, properties compiled as runtime attributes)."
        case .designTimeConnections:
            return "compare: source connections to Exit or storyboard placeholders are compiled into segue templates."
        case .storyboardConnectionsAdded:
            return "compare: compiled connections added by storyboard compilation (scene owner, storyboard, segue templates)."
        case .connectionsNotCompared:
            return "compare: segue, accessibility and ordering connections are not compared."
        case .nestedArchiveWithoutSource:
            return "compare: no source prototype matches a nested archive, so it is compared with the placeholders alone."
        default:
            return ""
        }
    }

    /// The severity a reader gives this code: ``Diagnostic/Severity/error`` for a document that
    /// could not be read, ``Diagnostic/Severity/info`` for `compare` notes, otherwise
    /// ``Diagnostic/Severity/warning``.
    public var defaultSeverity: Diagnostic.Severity {
        switch self {
        case .documentNotRead:
            return .error
        case .firstResponderNotArchived, .applicationNotArchived, .exitPlaceholderNotArchived, .layoutGuideNotArchived,
             .placeholderConstraintRemoved, .storyboardReferenceNotArchived, .placeholderClassNotArchived, .implicitObjects,
             .storyboardObjectsAdded, .impliedConnections, .designTimeConnections,
             .storyboardConnectionsAdded, .connectionsNotCompared, .nestedArchiveWithoutSource:
            return .info
        default:
            return .warning
        }
    }
}
