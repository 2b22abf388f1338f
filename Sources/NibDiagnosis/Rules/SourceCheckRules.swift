import NibModel

extension FindingCode {
    public static let undeclaredOutlet = FindingCode("undeclared-outlet")
    public static let outletNotConnected = FindingCode("outlet-not-connected")
    public static let outletConnectedElsewhere = FindingCode("outlet-connected-elsewhere")
    public static let outletOnWrongObject = FindingCode("outlet-on-wrong-object")
    public static let undeclaredAction = FindingCode("undeclared-action")
    public static let actionSelectorMismatch = FindingCode("action-selector-mismatch")
    public static let actionNotVisibleToObjC = FindingCode("action-not-objc")
    public static let unknownClass = FindingCode("unknown-class")
    public static let missingModule = FindingCode("missing-module")
    public static let moduleMismatch = FindingCode("module-mismatch")
    public static let genericClass = FindingCode("generic-class")
    public static let weakOutletCollection = FindingCode("weak-outlet-collection")
    public static let weakTopLevelOutlet = FindingCode("weak-top-level-outlet")
    public static let viewOutletNotSet = FindingCode("view-outlet-not-set")
    public static let ownerRootRecursion = FindingCode("owner-root-recursion")
    public static let duplicateConnection = FindingCode("duplicate-connection")
    public static let outletUsedBeforeLoad = FindingCode("outlet-used-before-load")
    public static let unknownSegueIdentifier = FindingCode("unknown-segue-identifier")
    public static let unknownStoryboardIdentifier = FindingCode("unknown-storyboard-identifier")
    public static let unknownNibName = FindingCode("unknown-nib-name")
    public static let undeclaredRuntimeAttribute = FindingCode("undeclared-runtime-attribute")
    public static let cellRegisteredByClass = FindingCode("cell-registered-by-class")
    public static let deadAction = FindingCode("dead-action")
}

/// The rules of `why` (checks of nibs against Swift and Objective-C sources), which `lint` runs
/// as well: described here for the registry (``LintRules``), found together by
/// ``NibSourceCheck``, which matches every document against one index of the sources (one pass,
/// not one per rule). A check added to ``NibSourceCheck`` gets its code and description here.
enum SourceCheckRules {
    static let all: [RuleInfo] = [
        RuleInfo(.undeclaredOutlet, severity: .error, appliesTo: .withSources,
                 "A connection's outlet is not a property of the source object's class or its superclasses: loading raises 'not key value coding-compliant for the key' (setValue:forUndefinedKey:)."),
        RuleInfo(.outletNotConnected, severity: .warning, appliesTo: .withSources,
                 "A declared outlet is connected in no document where its class appears: it stays nil. Warning when code uses it (the finding says where: a crash where it is unwrapped), info when it is a Swift optional, when code only assigns it, or when no code uses it (a dead outlet)."),
        RuleInfo(.outletConnectedElsewhere, severity: .warning, appliesTo: .withSources,
                 "An outlet is connected in some documents, variants or scenes of its class but not in this one: nil when this one is loaded."),
        RuleInfo(.outletOnWrongObject, severity: .warning, appliesTo: .withSources,
                 "An outlet is connected from an object whose class does not declare it, while another object of the same document does (e.g. a cell's outlets wired to File's Owner)."),
        RuleInfo(.undeclaredAction, severity: .error, appliesTo: .withSources,
                 "An action's selector is implemented by neither the target's class nor its superclasses: 'unrecognized selector sent to instance' when it fires."),
        RuleInfo(.actionSelectorMismatch, severity: .error, appliesTo: .withSources,
                 "An action's selector is not implemented, but a method whose Swift name maps to another selector exists (a renamed or re-signatured method)."),
        RuleInfo(.actionNotVisibleToObjC, severity: .error, appliesTo: .withSources,
                 "An action names a Swift method that is not exposed to the Objective-C runtime (no @IBAction or @objc): 'unrecognized selector' when it fires."),
        RuleInfo(.unknownClass, severity: .error, appliesTo: .withSources,
                 "A custom class in a nib is declared in no source read: at run time 'Unknown class in Interface Builder file' and the object becomes its base class."),
        RuleInfo(.missingModule, severity: .warning, appliesTo: RuleScope(documents: .sources, code: .swift),
                 "A Swift class is used without a module in a source nib (no customModule, no module provider): the runtime looks up the unmangled name and does not find it."),
        RuleInfo(.moduleMismatch, severity: .warning, appliesTo: .withSources,
                 "The module a nib names differs from the class's module: the runtime looks up a class that does not exist."),
        RuleInfo(.genericClass, severity: .error, appliesTo: .withSources,
                 "A generic Swift class cannot be instantiated by name from a nib."),
        RuleInfo(.weakOutletCollection, severity: .error, appliesTo: .withSources,
                 "A weak outlet collection: nothing retains the array, so it is nil after loading."),
        RuleInfo(.weakTopLevelOutlet, severity: .warning, appliesTo: .withSources,
                 "A weak outlet to a top-level object that nothing else retains: deallocated right after loading."),
        RuleInfo(.viewOutletNotSet, severity: .error, appliesTo: RuleScope(),
                 "A view controller's nib whose File's Owner has no 'view' outlet: 'loaded the nib but the view outlet was not set'."),
        RuleInfo(.ownerRootRecursion, severity: .error, appliesTo: .withSources,
                 "File's Owner and the root view share a class whose code loads this nib: each load creates another, an infinite recursion."),
        RuleInfo(.duplicateConnection, severity: .warning, appliesTo: RuleScope(),
                 "The same outlet of the same object is connected twice (the last one wins, in no guaranteed order), or the same control event and selector twice (fires twice)."),
        RuleInfo(.outletUsedBeforeLoad, severity: .warning, appliesTo: .withSources,
                 "An outlet set when a storyboard scene's view loads is used in an initialiser, awakeFromNib or prepare(for:sender:), where it is still nil."),
        RuleInfo(.unknownSegueIdentifier, severity: .error, appliesTo: .withSources,
                 "A segue identifier in code that no segue of the storyboards read carries: 'has no segue with identifier'."),
        RuleInfo(.unknownStoryboardIdentifier, severity: .error, appliesTo: .withSources,
                 "A storyboard identifier in code that no scene carries: 'Storyboard doesn't contain a view controller with identifier'."),
        RuleInfo(.unknownNibName, severity: .warning, appliesTo: .withSources,
                 "A nib name in code that no nib or xib read has (compared with exact case, as on a device): 'Could not load NIB in bundle'."),
        UnknownStoryboardNameRule.info,
        RuleInfo(.undeclaredRuntimeAttribute, severity: .error, appliesTo: .withSources,
                 "A user-defined runtime attribute's key path is not a property of the object's class: 'Failed to set (key) user defined inspected property' or a KVC exception."),
        RuleInfo(.cellRegisteredByClass, severity: .error, appliesTo: .withSources,
                 "A cell or reusable view whose class has outlets and a nib (a xib or a storyboard prototype) is registered by class: the table or collection view creates it with init(style:reuseIdentifier:)/init(frame:) and never loads the nib, so its outlets are nil."),
        RuleInfo(.unhandledFirstResponderAction, severity: .warning, appliesTo: .withSources,
                 "An action sent to First Responder whose selector no class of the sources implements and no AppKit or UIKit responder handles: nothing in the responder chain receives it (the menu item or control stays disabled on macOS, does nothing on iOS)."),
        RuleInfo(.deadAction, severity: .info, appliesTo: .withSources,
                 "An @IBAction that nothing sends: no action connection to its class (iOS destination or macOS target), no action of that selector to First Responder in any document, and no selector or call in code (nor a selector string of a property list, such as a keyboard-shortcut table) names it."),
    ]
}
