import NibModel

/// What a check of nibs against sources (`nibinspect why`, `nibinspect lint`) can find. Raw values
/// are the stable kebab-case codes printed and written to JSON and SARIF; the catalogue of causes
/// they come from is part B of the project's user-needs notes (each case says which runtime
/// behaviour it predicts).
public enum FindingCode: String, Hashable, Sendable, Codable, CaseIterable {
    case undeclaredOutlet = "undeclared-outlet"
    case outletNotConnected = "outlet-not-connected"
    case outletConnectedElsewhere = "outlet-connected-elsewhere"
    case outletOnWrongObject = "outlet-on-wrong-object"
    case undeclaredAction = "undeclared-action"
    case actionSelectorMismatch = "action-selector-mismatch"
    case actionNotVisibleToObjC = "action-not-objc"
    case unknownClass = "unknown-class"
    case missingModule = "missing-module"
    case moduleMismatch = "module-mismatch"
    case genericClass = "generic-class"
    case weakOutletCollection = "weak-outlet-collection"
    case weakTopLevelOutlet = "weak-top-level-outlet"
    case viewOutletNotSet = "view-outlet-not-set"
    case ownerRootRecursion = "owner-root-recursion"
    case duplicateConnection = "duplicate-connection"
    case outletUsedBeforeLoad = "outlet-used-before-load"
    case unknownSegueIdentifier = "unknown-segue-identifier"
    case unknownStoryboardIdentifier = "unknown-storyboard-identifier"
    case unknownNibName = "unknown-nib-name"
    case undeclaredRuntimeAttribute = "undeclared-runtime-attribute"
    case cellRegisteredByClass = "cell-registered-by-class"

    // `lint` rules that need no sources (NibLint).
    case mainNibContent = "main-nib-content"
    case largeNib = "large-nib"
    case windowVisibleAtLoad = "window-visible-at-load"
    case externalPlaceholderConnection = "external-placeholder-connection"
    case bannedClass = "banned-class"
    case danglingConnection = "dangling-connection"
    case eventToSeveralTargets = "event-to-several-targets"
    case duplicateKeyEquivalent = "duplicate-key-equivalent"
    case missingImage = "missing-image"
    case accessibilityLabelMissing = "accessibility-label-missing"
    case placeholderAsLabel = "placeholder-as-label"
    case ambiguousLayout = "ambiguous-layout"
    case constraintPlaceholder = "constraint-placeholder"

    /// How serious the finding is unless a configuration says otherwise: `error` when loading
    /// crashes or an outlet is certainly nil, `warning` when it is likely wrong, `info` otherwise.
    public var defaultSeverity: Diagnostic.Severity {
        switch self {
        case .undeclaredOutlet, .undeclaredAction, .actionSelectorMismatch, .actionNotVisibleToObjC, .unknownClass,
             .ownerRootRecursion, .viewOutletNotSet, .weakOutletCollection, .unknownStoryboardIdentifier,
             .unknownSegueIdentifier, .undeclaredRuntimeAttribute, .genericClass:
            return .error
        case .outletNotConnected, .outletConnectedElsewhere, .outletOnWrongObject, .missingModule, .moduleMismatch,
             .weakTopLevelOutlet, .duplicateConnection, .outletUsedBeforeLoad, .unknownNibName:
            return .warning
        case .cellRegisteredByClass:
            return .error
        case .bannedClass, .danglingConnection, .missingImage, .duplicateKeyEquivalent, .eventToSeveralTargets,
             .constraintPlaceholder, .ambiguousLayout, .windowVisibleAtLoad, .externalPlaceholderConnection:
            return .warning
        case .mainNibContent, .largeNib, .accessibilityLabelMissing, .placeholderAsLabel:
            return .info
        }
    }

    /// What the code means and what happens at run time, one sentence.
    public var explanation: String {
        switch self {
        case .undeclaredOutlet:
            return "A connection's outlet is not a property of the source object's class or its superclasses: loading raises 'not key value coding-compliant for the key' (setValue:forUndefinedKey:)."
        case .outletNotConnected:
            return "A declared outlet is connected in no document where its class appears: it stays nil."
        case .outletConnectedElsewhere:
            return "An outlet is connected in some documents, variants or scenes of its class but not in this one: nil when this one is loaded."
        case .outletOnWrongObject:
            return "An outlet is connected from an object whose class does not declare it, while another object of the same document does (e.g. a cell's outlets wired to File's Owner)."
        case .undeclaredAction:
            return "An action's selector is implemented by neither the target's class nor its superclasses: 'unrecognized selector sent to instance' when it fires."
        case .actionSelectorMismatch:
            return "An action's selector is not implemented, but a method whose Swift name maps to another selector exists (a renamed or re-signatured method)."
        case .actionNotVisibleToObjC:
            return "An action names a Swift method that is not exposed to the Objective-C runtime (no @IBAction or @objc): 'unrecognized selector' when it fires."
        case .unknownClass:
            return "A custom class in a nib is declared in no source read: at run time 'Unknown class in Interface Builder file' and the object becomes its base class."
        case .missingModule:
            return "A Swift class is used without a module in a source nib (no customModule, no module provider): the runtime looks up the unmangled name and does not find it."
        case .moduleMismatch:
            return "The module a nib names differs from the class's module: the runtime looks up a class that does not exist."
        case .genericClass:
            return "A generic Swift class cannot be instantiated by name from a nib."
        case .weakOutletCollection:
            return "A weak outlet collection: nothing retains the array, so it is nil after loading."
        case .weakTopLevelOutlet:
            return "A weak outlet to a top-level object that nothing else retains: deallocated right after loading."
        case .viewOutletNotSet:
            return "A view controller's nib whose File's Owner has no 'view' outlet: 'loaded the nib but the view outlet was not set'."
        case .ownerRootRecursion:
            return "File's Owner and the root view share a class whose code loads this nib: each load creates another, an infinite recursion."
        case .duplicateConnection:
            return "The same outlet of the same object is connected twice (the last one wins, in no guaranteed order), or the same control event and selector twice (fires twice)."
        case .outletUsedBeforeLoad:
            return "An outlet set when a storyboard scene's view loads is used in an initialiser, awakeFromNib or prepare(for:sender:), where it is still nil."
        case .unknownSegueIdentifier:
            return "A segue identifier in code that no segue of the storyboards read carries: 'has no segue with identifier'."
        case .unknownStoryboardIdentifier:
            return "A storyboard identifier in code that no scene carries: 'Storyboard doesn't contain a view controller with identifier'."
        case .unknownNibName:
            return "A nib name in code that no nib or xib read has (compared with exact case, as on a device): 'Could not load NIB in bundle'."
        case .undeclaredRuntimeAttribute:
            return "A user-defined runtime attribute's key path is not a property of the object's class: 'Failed to set (key) user defined inspected property' or a KVC exception."
        case .cellRegisteredByClass:
            return "A cell or reusable view whose class has outlets and a nib (a xib or a storyboard prototype) is registered by class: the table or collection view creates it with init(style:reuseIdentifier:)/init(frame:) and never loads the nib, so its outlets are nil."
        case .mainNibContent:
            return "A macOS main nib (MainMenu) holds windows or other interface besides the menu bar and the application delegate: all of it loads at launch (Resource Programming Guide: keep the main nib minimal, load the rest on demand)."
        case .largeNib:
            return "A nib holds more objects or top-level objects than the threshold: all of them are created whenever it loads (Resource Programming Guide: make small nibs and load them lazily)."
        case .windowVisibleAtLoad:
            return "A window outside the main nib is marked 'Visible At Launch': it appears as soon as its nib loads, before the owner can configure it."
        case .externalPlaceholderConnection:
            return "A connection to or from an external placeholder other than File's Owner: File's Owner should be the one contact point between a nib and the code that loads it (Resource Programming Guide)."
        case .bannedClass:
            return "A deprecated or banned class (UIWebView: App Store rejection ITMS-90809; WebView, NSMatrix, NSDrawer, GLKView, …; the list is configurable)."
        case .danglingConnection:
            return "A connection whose source or destination names no object of the document: it does nothing, or crashes when loaded."
        case .eventToSeveralTargets:
            return "One control event of one control is sent to several targets or selectors: often a leftover from copying a control."
        case .duplicateKeyEquivalent:
            return "Two items of one menu share a key equivalent (with the same modifiers, an uppercase letter meaning Shift): only the first one fires."
        case .missingImage:
            return "An image the nib names exists in no asset catalog (imageset, symbolset) or bundle next to it, and is no SF Symbol: it shows nothing."
        case .accessibilityLabelMissing:
            return "A button with an image and no title, or an image view, has no accessibility label: VoiceOver reads the image name or nothing."
        case .placeholderAsLabel:
            return "A text field whose placeholder is its only label: the placeholder disappears while typing and is not a label for VoiceOver."
        case .ambiguousLayout:
            return "Interface Builder marked a view ambiguous or misplaced in the source: its frame at run time differs from the canvas."
        case .constraintPlaceholder:
            return "A constraint marked 'Remove at build time' (placeholder): it is not in the compiled nib, and an outlet to it is nil."
        }
    }
}

extension FindingCode {
    /// The finding codes `why` reports: the ones that compare nibs with sources, and the nib
    /// checks every review needs (duplicates).
    public static let whyCodes: [FindingCode] = allCases.filter { !lintOnlyCodes.contains($0) }

    /// Codes only `lint` reports (no sources needed).
    public static let lintOnlyCodes: Set<FindingCode> = [
        .mainNibContent, .largeNib, .windowVisibleAtLoad, .externalPlaceholderConnection, .bannedClass,
        .danglingConnection, .eventToSeveralTargets, .duplicateKeyEquivalent, .missingImage,
        .accessibilityLabelMissing, .placeholderAsLabel, .ambiguousLayout, .constraintPlaceholder,
    ]

    /// The inputs a rule applies to, for `lint --list-rules`.
    public var appliesTo: String {
        switch self {
        case .ambiguousLayout, .constraintPlaceholder: return "xib and storyboard sources"
        case .missingModule: return "xib and storyboard sources, with Swift sources"
        case .mainNibContent: return "macOS main nibs (MainMenu)"
        case .windowVisibleAtLoad: return "macOS nibs other than the main nib"
        case .duplicateKeyEquivalent: return "menus"
        default: return needsSources ? "every input, with Swift or Objective-C sources" : "every input"
        }
    }

    /// Whether the code needs Swift or Objective-C sources to be found.
    public var needsSources: Bool {
        switch self {
        case .duplicateConnection, .viewOutletNotSet: return false
        default: return !Self.lintOnlyCodes.contains(self)
        }
    }
}

/// One finding of a check: what (``code``, ``severity``), on which class member, in which document
/// and object, and the source declarations it was compared with.
///
/// JSON: `{"code", "severity", "class", "member", "document", "object", "line", "message", "fix",
/// "sources": ["File.swift:12"]}`; unknown fields are left out.
public struct Finding: Hashable, Sendable, Codable, CustomStringConvertible {
    public var code: FindingCode
    public var severity: Diagnostic.Severity
    /// The class concerned, as the runtime looks it up (`MyApp.ProfileViewController` when a module
    /// is known).
    public var className: String?
    /// The outlet name or action selector.
    public var member: String?
    /// The document's display name (`Login.nib`, `Main.storyboard`), nil for findings in code only.
    public var document: String?
    /// The file of the document on disk.
    public var path: String?
    /// A readable path to the object (`File's Owner`, `View › Button "Sign In"`).
    public var object: String?
    /// The object's id in its document (`#12`, a xib id).
    public var objectID: ObjectID?
    /// The line of the xib/storyboard element, for sources.
    public var line: Int?
    public var message: String
    /// What to do about it, one sentence.
    public var fix: String?
    /// The declarations compared with: `File.swift:12`, nearest first.
    public var sources: [String]

    public init(_ code: FindingCode, _ message: String, severity: Diagnostic.Severity? = nil, className: String? = nil,
                member: String? = nil, document: String? = nil, path: String? = nil, object: String? = nil,
                objectID: ObjectID? = nil, line: Int? = nil, fix: String? = nil, sources: [String] = []) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.className = className
        self.member = member
        self.document = document
        self.path = path
        self.object = object
        self.objectID = objectID
        self.line = line
        self.message = message
        self.fix = fix
        self.sources = sources
    }

    enum CodingKeys: String, CodingKey {
        case code, severity, className = "class", member, document, path, object, objectID, line, message, fix, sources
    }

    public var description: String { message }
}
