/// Every kind of ``Diagnostic`` the readers, the resolver and `compare` emit, in one list.
///
/// Raw values are stable kebab-case names (`trailing-bytes`, `unresolved-destination`) meant for
/// filters, lint configurations and SARIF rule ids; each code has a one-line ``explanation`` and
/// a ``defaultSeverity``. Cases are grouped by where they arise.
public enum DiagnosticCode: String, Hashable, Sendable, Codable, CaseIterable {
    // Compiled archives (NIBArchive, keyed archive, typedstream).
    case unknownArchiveVersion = "unknown-archive-version"
    case missingArchiveVersion = "missing-archive-version"
    case unexpectedArchiver = "unexpected-archiver"
    case trailingBytes = "trailing-bytes"
    case noTopLevelValue = "no-top-level-value"
    case extraTopLevelValues = "extra-top-level-values"
    case unrecognizedClassLayout = "unrecognized-class-layout"

    // Resolving a compiled archive into Interface Builder terms.
    case unrecognizedArchiveRoot = "unrecognized-archive-root"
    case noRootObject = "no-root-object"
    case unresolvedSource = "unresolved-source"
    case unresolvedDestination = "unresolved-destination"
    case unresolvedMember = "unresolved-member"
    case noKeyPaths = "no-key-paths"
    case unresolvedUpstreamPlaceholder = "unresolved-upstream-placeholder"

    // XML sources (xib, storyboard, IB 3 archive xib and designable.nib).
    case duplicateObjectID = "duplicate-object-id"
    case elementNestingTooDeep = "element-nesting-too-deep"
    case missingObjectsRecord = "missing-objects-record"
    case emptyObjectRecord = "empty-object-record"
    case unknownEntryPoint = "unknown-entry-point"

    // Containers: nib bundles, compiled storyboards, directories, nested archives.
    case emptyVariantSkipped = "empty-variant-skipped"
    case variantNotFound = "variant-not-found"
    case infoPlistInDeviceStoryboards = "info-plist-in-device-storyboards"
    case doubledDeviceModifier = "doubled-device-modifier"
    case missingSceneNib = "missing-scene-nib"
    case nestedArchiveUnreadable = "nested-archive-unreadable"
    case nestedArchiveTooDeep = "nested-archive-too-deep"
    case nestedArchivesTooLarge = "nested-archives-too-large"
    case directoryTooDeep = "directory-too-deep"
    /// The walk of a directory: a symbolic link leading outside the directory walked.
    case symlinkOutsideRoot = "symlink-outside-root"
    /// The walk of a directory: a symbolic link to a directory that holds it.
    case symlinkCycle = "symlink-cycle"
    /// The walk of a directory: a FIFO, socket or device.
    case specialFileSkipped = "special-file-skipped"
    /// The walk of a directory for sources or resources: a directory that cannot be listed.
    case unreadableDirectory = "unreadable-directory"
    case documentNotRead = "document-not-read"
    /// `why`/`lint`: a Swift or Objective-C file that could not be read or parsed in full.
    case sourceNotParsed = "source-not-parsed"

    // `compare`: what compilation drops or adds, so it is not compared.
    case firstResponderNotArchived = "first-responder-not-archived"
    case exitPlaceholderNotArchived = "exit-placeholder-not-archived"
    case layoutGuideNotArchived = "layout-guide-not-archived"
    case storyboardReferenceNotArchived = "storyboard-reference-not-archived"
    case placeholderClassNotArchived = "placeholder-class-not-archived"
    case implicitObjects = "implicit-objects"
    case storyboardObjectsAdded = "storyboard-objects-added"
    case impliedConnections = "implied-connections"
    case designTimeConnections = "design-time-connections"
    case storyboardConnectionsAdded = "storyboard-connections-added"
    case connectionsNotCompared = "connections-not-compared"
    case nestedArchiveWithoutSource = "nested-archive-without-source"

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
        case .exitPlaceholderNotArchived:
            return "compare: a storyboard Exit placeholder is design-time only (unwind segues are compiled into segue templates)."
        case .layoutGuideNotArchived:
            return "compare: a layout guide is archived inside the constraints that use it, not as an object."
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
        }
    }

    /// The severity a reader gives this code: ``Diagnostic/Severity/error`` for a document that
    /// could not be read, ``Diagnostic/Severity/info`` for `compare` notes, otherwise
    /// ``Diagnostic/Severity/warning``.
    public var defaultSeverity: Diagnostic.Severity {
        switch self {
        case .documentNotRead:
            return .error
        case .firstResponderNotArchived, .exitPlaceholderNotArchived, .layoutGuideNotArchived,
             .storyboardReferenceNotArchived, .placeholderClassNotArchived, .implicitObjects,
             .storyboardObjectsAdded, .impliedConnections, .designTimeConnections,
             .storyboardConnectionsAdded, .connectionsNotCompared, .nestedArchiveWithoutSource:
            return .info
        default:
            return .warning
        }
    }
}
