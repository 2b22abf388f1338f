/// What the `why` and `lint` checks know of an app's code: classes with their outlets, actions and
/// superclasses, merged over every Swift and Objective-C file and extension, plus the string
/// literals that name segues, scenes and nibs. Built by ``SourceCodeReader``; depends on no nib reader.

/// A place in a source file. `line` and `column` are 1-based; `file` is the path as it was read
/// (relative to the directory given when the directory was relative).
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }
    /// `File.swift:12`: the file's last path component and the line.
    public var short: String { "\(file.split(separator: "/").last.map(String.init) ?? file):\(line)" }
    public var description: String { "\(file):\(line)" }
    public static func < (a: Self, b: Self) -> Bool { (a.file, a.line, a.column) < (b.file, b.line, b.column) }
}

/// The language a declaration was read from.
public enum SourceLanguage: String, Hashable, Sendable, Codable {
    case swift
    case objectiveC = "objc"
}

/// How a property's type admits nil: `String?`, `String!` or `String`. Objective-C object pointers
/// are ``implicitlyUnwrapped`` unless marked `nonnull` / `_Nonnull` (then ``nonOptional``) or
/// `nullable` (then ``optional``).
public enum Optionality: String, Hashable, Sendable, Codable {
    case optional
    case implicitlyUnwrapped
    case nonOptional
}

/// An `@IBOutlet` / `IBOutlet` property, an `@IBOutlet` collection / `IBOutletCollection(T)`, or
/// (with ``isOutlet`` false) another property that key-value coding can set, such as an
/// `@IBInspectable` or a plain `@objc` / Objective-C `@property`.
public struct SourceProperty: Hashable, Sendable, Codable {
    /// The key the nib loader sets (`titleLabel`); for Swift the property's name, for Objective-C
    /// the `@property` name (or the instance variable's name for an `IBOutlet` ivar).
    public var name: String
    /// The declared type as written, without nullability (`UILabel`, `[UIButton]`, `NSArray`).
    public var type: String
    /// For an outlet collection: the element class (`UIButton` from `[UIButton]` or
    /// `IBOutletCollection(UIButton)`).
    public var elementType: String?
    public var isOutlet: Bool
    public var isCollection: Bool
    public var isInspectable: Bool
    public var isWeak: Bool
    public var optionality: Optionality
    public var location: SourceLocation
    public init(name: String, type: String, elementType: String? = nil, isOutlet: Bool, isCollection: Bool = false,
                isInspectable: Bool = false, isWeak: Bool = false, optionality: Optionality = .implicitlyUnwrapped,
                location: SourceLocation) {
        self.name = name
        self.type = type
        self.elementType = elementType
        self.isOutlet = isOutlet
        self.isCollection = isCollection
        self.isInspectable = isInspectable
        self.isWeak = isWeak
        self.optionality = optionality
        self.location = location
    }
}

/// A method a nib can target: an `@IBAction`, or (``isAction`` false) any other method visible to
/// the Objective-C runtime that an action could name (`@objc` Swift methods, Objective-C methods).
public struct SourceMethod: Hashable, Sendable, Codable {
    /// The Objective-C selector the runtime looks up: `save:`, `save`, `saveWithSender:`,
    /// `tap:forEvent:`; an `@objc(name:)` attribute wins.
    public var selector: String
    /// How the method is written in its language: `save(_:)` for Swift, `save:` for Objective-C.
    public var displayName: String
    public var isAction: Bool
    /// Whether the Objective-C runtime sees the method: always for Objective-C; for Swift, with
    /// `@IBAction`, `@objc`, `dynamic`, `override` (of a framework method) or in an `@objcMembers`
    /// class. An action naming a method the runtime cannot see fails like a missing one.
    public var isObjCVisible: Bool
    /// A Swift `override`: the superclass (often the framework: `copy(_:)`, `showWindow(_:)`)
    /// declares the method and its callers reach this one too.
    public var isOverride: Bool
    /// An `@IBSegueAction` (a storyboard segue calls it to create its destination), not an
    /// action a control sends.
    public var isSegueAction: Bool
    public var location: SourceLocation
    public init(selector: String, displayName: String, isAction: Bool, isObjCVisible: Bool = true,
                isOverride: Bool = false, isSegueAction: Bool = false, location: SourceLocation) {
        self.selector = selector
        self.displayName = displayName
        self.isAction = isAction
        self.isObjCVisible = isObjCVisible
        self.isOverride = isOverride
        self.isSegueAction = isSegueAction
        self.location = location
    }

    /// The method's name without arguments: `save` for Swift `save(_:)` and Objective-C `save:`.
    public var baseName: String {
        String(displayName.prefix { $0 != "(" && $0 != ":" })
    }
}

/// Code that names a method, so that the method is used whatever the nibs connect: a selector
/// (`#selector(save(_:))`, `#selector(save)`, `Selector("save:")`, `NSSelectorFromString`,
/// Objective-C `@selector(save:)`, a string literal spelled like a selector with arguments:
/// `"save:"`) — what `addTarget(_:action:for:)`, `sendAction(_:to:from:)`,
/// `NSApp.sendAction`, `action = #selector(…)` and menu items built in code take — or a direct
/// call (`save(nil)`, `[self save:nil]`).
///
/// ``name`` is an Objective-C selector when ``isObjCSelector`` (`save:`), else a Swift name as
/// written, with argument labels (`save(_:)`) or without (`save`: any method of that base name);
/// an Objective-C message send gives its first keyword only (`save`). The first reference per
/// name and kind of each file is kept.
public struct MethodReference: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A selector expression or a selector made from a string.
        case selector
        /// A direct call or message send.
        case call
    }
    public var kind: Kind
    public var name: String
    public var isObjCSelector: Bool
    public var location: SourceLocation
    public init(kind: Kind, name: String, isObjCSelector: Bool = false, location: SourceLocation) {
        self.kind = kind
        self.name = name
        self.isObjCSelector = isObjCSelector
        self.location = location
    }

    /// True for text spelled like a selector that takes arguments: identifiers each followed by
    /// `:` (`save:`, `tap:forEvent:`; at most 128 characters). String literals so spelled count as
    /// selectors (code may turn them into one with `Selector(name)` or `NSSelectorFromString`).
    public static func looksLikeSelector(_ text: String) -> Bool {
        guard text.count <= 128, text.hasSuffix(":"), let first = text.unicodeScalars.first,
              first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        var afterColon = true
        for c in text.unicodeScalars {
            if c == ":" {
                if afterColon { return false }
                afterColon = true
            } else if c == "_" || (c.isASCII && (c.properties.isAlphabetic || c.properties.numericType != nil)) {
                afterColon = false
            } else {
                return false
            }
        }
        return true
    }
}

/// One method body that mentions an outlet, by the name it is known by in the load sequence:
/// `init`, `init(coder:)`, `awakeFromNib`, `prepare(for:sender:)`, `viewDidLoad`, or any other
/// method name; `didSet` observers count as `didSet`.
///
/// Readers record every name a method body reads or writes as `name` or `self.name` (the first use
/// per name and method), and `other.name` (``isOnOtherObject``: the outlet of another object, such
/// as a segue's destination in `prepare(for:sender:)` or a cell a data source fills). Uses inside a
/// closure are recorded under the method `closure` (they run later than the method that creates
/// them); an assignment is recorded as such when it is the first use in its method. ``SourceIndex``
/// keeps only the names that are outlets of the class or its superclasses (or, for other objects,
/// of any class).
public struct OutletUse: Hashable, Sendable, Codable {
    public var outlet: String
    public var method: String
    public var isOnOtherObject: Bool
    /// The use assigns the outlet (`self.name = …`, `other.name = …`): code sets it itself.
    public var isAssignment: Bool
    public var location: SourceLocation
    /// For a use on another object, the receiver's class when the code states it: a local
    /// variable or parameter declared with a type (`cell: ProfileCell`, `ProfileCell *cell`), or
    /// bound to a cast or an initialiser (`let vc = segue.destination as! DetailViewController`,
    /// `(x as? Foo)?.name`, `Foo(…)`). Nil when not known; then the use matches any class's
    /// outlet of that name.
    public var receiverType: String?
    public init(outlet: String, method: String, isOnOtherObject: Bool = false, isAssignment: Bool = false,
                location: SourceLocation, receiverType: String? = nil) {
        self.outlet = outlet
        self.method = method
        self.isOnOtherObject = isOnOtherObject
        self.isAssignment = isAssignment
        self.location = location
        self.receiverType = receiverType
    }
}

/// A class as the sources declare it, merged over its declaration, extensions (Swift), class
/// extensions and categories (Objective-C), in every file read.
public struct SourceClass: Hashable, Sendable, Codable {
    /// The class's name as written (`ProfileViewController`); an `@objc(Name)` attribute gives
    /// ``objcName``.
    public var name: String
    /// The name the Objective-C runtime registers when it differs from ``name`` (`@objc(Name)`).
    public var objcName: String?
    public var language: SourceLanguage
    /// The Swift module (the target's folder name) when known; nil for Objective-C.
    public var module: String?
    /// The superclass as written (`UIViewController`, `BaseCell`); nil for a root class.
    public var superclass: String?
    /// Where the class itself is declared (`class X` / `@interface X`), first the primary
    /// declaration; extensions and categories are in ``extensions``.
    public var declarations: [SourceLocation]
    public var extensions: [SourceLocation]
    /// A generic class (`class Cell<T>`): Interface Builder cannot instantiate it by name.
    public var isGeneric: Bool
    public var properties: [SourceProperty]
    public var methods: [SourceMethod]
    public var outletUses: [OutletUse]
    public init(name: String, objcName: String? = nil, language: SourceLanguage, module: String? = nil,
                superclass: String? = nil, declarations: [SourceLocation] = [], extensions: [SourceLocation] = [],
                isGeneric: Bool = false, properties: [SourceProperty] = [], methods: [SourceMethod] = [],
                outletUses: [OutletUse] = []) {
        self.name = name
        self.objcName = objcName
        self.language = language
        self.module = module
        self.superclass = superclass
        self.declarations = declarations
        self.extensions = extensions
        self.isGeneric = isGeneric
        self.properties = properties
        self.methods = methods
        self.outletUses = outletUses
    }
    /// The outlets and outlet collections.
    public var outlets: [SourceProperty] { properties.filter(\.isOutlet) }
    /// The `@IBAction` / `IBAction` methods.
    public var actions: [SourceMethod] { methods.filter(\.isAction) }
    public func property(_ name: String) -> SourceProperty? { properties.first { $0.name == name } }
    public func method(selector: String) -> SourceMethod? { methods.first { $0.selector == selector } }
}

/// A string literal passed to an API that names something in a nib or storyboard.
public struct SourceLiteral: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// `performSegue(withIdentifier:sender:)`, `performSegueWithIdentifier:sender:`,
        /// `segue.identifier == "…"` / `case "…"` in `prepare(for:sender:)` are not counted.
        case segueIdentifier
        /// `instantiateViewController(withIdentifier:)`, `instantiateViewControllerWithIdentifier:`,
        /// `instantiateController(withIdentifier:)`.
        case storyboardIdentifier
        /// `UINib(nibName:)`, `NSNib(nibNamed:)`, `loadNibNamed`, `init(nibName:bundle:)`,
        /// `initWithNibName:bundle:`, `NSWindowController(windowNibName:)`.
        case nibName
        /// `UIStoryboard(name:bundle:)`, `NSStoryboard(name:bundle:)`, `storyboardWithName:bundle:`.
        case storyboardName
        /// A class registered for reuse by class, not by nib: `register(Cell.self,
        /// forCellReuseIdentifier:)`, `forCellWithReuseIdentifier:`,
        /// `forHeaderFooterViewReuseIdentifier:`, `forSupplementaryViewOfKind:`; the value is the
        /// class name.
        case registeredClass
        /// A view or window controller class shown from code, the value its name: the argument of
        /// `present(_:animated:)`, `pushViewController(_:animated:)`, `show(_:sender:)`,
        /// `showDetailViewController(_:sender:)`, `presentAsSheet(_:)`, `presentAsModalWindow(_:)`
        /// (Objective-C: `presentViewController:`, `pushViewController:`, `showViewController:`, …)
        /// when it is `Foo(…)`, `[[Foo alloc] init…]`, `x as! Foo`, the root of
        /// `UINavigationController(rootViewController:)`, or a local variable initialised by one of
        /// these in the same body (`let x = Foo(…)`, `Foo *x = …`). A controller made by
        /// `instantiateViewController(withIdentifier:)` is that literal's, not this one's. ``SourceLiteral/call``
        /// names the method.
        case presentedClass
        /// A controller made by its initialiser, the value its class name: `Foo(…)`, `Foo.init(…)`,
        /// `[[Foo alloc] init…]`, `[Foo new]`, for a class whose name ends in `Controller` (the
        /// view and window controllers an app map draws; other initialisers are not recorded).
        case createdClass
    }
    public var kind: Kind
    public var value: String
    /// The class whose code holds the call, when it is inside one.
    public var enclosingClass: String?
    public var location: SourceLocation
    /// The method or type called: for ``Kind/presentedClass`` `present`, `pushViewController`,
    /// `show`, `presentViewController`, …; for ``Kind/storyboardName`` in Swift `UIStoryboard` or
    /// `NSStoryboard`; for ``Kind/storyboardIdentifier`` in Swift `instantiateViewController`
    /// (UIKit) or `instantiateController` (AppKit); for ``Kind/nibName`` in Swift the type or
    /// function called (`UINib`, `AboutWindowController` of `AboutWindowController(windowNibName:)`,
    /// `loadNibNamed`, `init`); nil where the kind names the API.
    public var call: String?
    public init(kind: Kind, value: String, enclosingClass: String? = nil, location: SourceLocation, call: String? = nil) {
        self.kind = kind
        self.value = value
        self.enclosingClass = enclosingClass
        self.location = location
        self.call = call
    }
}

/// A problem reading a source file: the file could not be read or decoded, or the parser
/// recovered from syntax it did not understand. What did parse is still used.
public struct SourceProblem: Hashable, Sendable, Codable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }
    public var description: String { "\(location): \(message)" }
}

/// A source file that gave nothing at all, and why: what `why` and `lint` did not look at.
/// (Files that parsed in part are read; their ``SourceProblem``s say where.)
///
/// JSON: `{"file", "language", "reason", "detail"}`.
public struct UnreadSourceFile: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Why a file was not read, in words that group files (`Swift: 2 files not read (nesting
    /// deeper than the parser allows)`).
    public enum Reason: String, Hashable, Sendable, Codable, CaseIterable {
        /// Brackets, string interpolations or `#if` blocks nested past what the toolchain's parser
        /// survives (``SwiftNesting/maxNesting``, ``SwiftNesting/maxSquareBrackets``).
        case nestingTooDeep = "nesting deeper than the parser allows"
        /// Larger than ``SourceCodeReader/maxFileSize``.
        case tooLarge = "larger than the size limit"
        /// Holds NUL bytes.
        case notText = "not a text file"
        /// Could not be opened or read.
        case unreadable = "cannot be read"
        /// A Swift file, and this build has no SwiftParser.
        case noParser = "built without the Swift parser"
    }
    public var file: String
    public var language: SourceLanguage
    public var reason: Reason
    /// The particulars, one sentence (`'(' … nested 65 deep at line 1; the parser allows 64`).
    public var detail: String
    public init(file: String, language: SourceLanguage, reason: Reason, detail: String) {
        self.file = file
        self.language = language
        self.reason = reason
        self.detail = detail
    }
    /// `path/File.swift: not read (detail)`.
    public var description: String { "\(file): not read (\(detail))" }
}

/// The facts one source file gives, before merging: classes (or parts of classes: extensions and
/// categories carry ``SourceClass/declarations`` empty), literals and problems; ``notRead`` when
/// the file gave nothing (then one problem says so too).
public struct SourceFileFacts: Hashable, Sendable, Codable {
    public var file: String
    public var language: SourceLanguage
    public var classes: [SourceClass]
    public var literals: [SourceLiteral]
    public var problems: [SourceProblem]
    public var notRead: UnreadSourceFile?
    /// Selectors and calls that name methods (``MethodReference``), first per name and kind.
    public var references: [MethodReference]
    public init(file: String, language: SourceLanguage, classes: [SourceClass] = [], literals: [SourceLiteral] = [],
                problems: [SourceProblem] = [], notRead: UnreadSourceFile? = nil, references: [MethodReference] = []) {
        self.file = file
        self.language = language
        self.classes = classes
        self.literals = literals
        self.problems = problems
        self.notRead = notRead
        self.references = references
    }

    /// A file that gave nothing: `notRead` with `detail`, and one problem at `line` saying
    /// `message` (`detail` when nil).
    public static func unread(_ file: String, _ language: SourceLanguage, _ reason: UnreadSourceFile.Reason, line: Int = 1,
                              detail: String, message: String? = nil) -> SourceFileFacts {
        SourceFileFacts(file: file, language: language,
                        problems: [SourceProblem(location: SourceLocation(file: file, line: line), message: message ?? detail)],
                        notRead: UnreadSourceFile(file: file, language: language, reason: reason, detail: detail))
    }
}
