/// The Interface Builder identity of one archived object: the framework class it stands for and
/// the custom class a user set (nib-format.md §3.5, §4.5, §7.4).
///
/// * `UIClassSwapper` → `UIOriginalClassName` + custom `UIClassName`;
/// * `NSClassSwapper` → `NSOriginalClassName` + custom `NSClassName`;
/// * `NSCustomObject` → `NSObject` + custom `NSClassName` (module from `IBClassReference`);
/// * `NSCustomView` → `NSView` + custom `NSClassName`;
/// * `NSWindowTemplate` → `NSWindow`/`NSPanel` + custom `NSWindowClass`.
///
/// Swift runtime names (`_TtC9COVIDSafe33Registration…`) are demangled (``SwiftNames``) into ``customClass`` and
/// ``customModule``; the exact string is kept in ``runtimeClassName``.
struct ClassIdentity: Hashable, Sendable {
    var className: String
    var customClass: String?
    var customModule: String?
    var runtimeClassName: String?

    /// The identity of `object` in `graph`.
    init(_ object: ArchivedObject, in graph: ObjectGraph) {
        var base = object.className
        var custom: String?
        switch object.className {
        case "UIClassSwapper":
            base = graph.string(object["UIOriginalClassName"]) ?? "NSObject"
            custom = graph.string(object["UIClassName"])
        case "NSClassSwapper":
            base = graph.string(object["NSOriginalClassName"]) ?? "NSObject"
            custom = graph.string(object["NSClassName"])
        case "NSCustomObject":
            base = "NSObject"
            custom = graph.string(object["NSClassName"])
        case "NSCustomView":
            base = "NSView"
            custom = graph.string(object["NSClassName"])
        case "NSWindowTemplate":
            (base, custom) = Self.window(graph.string(object["NSWindowClass"]))
        default:
            break
        }
        className = base
        if let raw = custom, !raw.isEmpty, raw != base {
            if let swift = SwiftNames.demangle(raw) {
                let (module, name) = (swift.module, swift.name)
                customClass = name
                customModule = module
                runtimeClassName = raw
            } else {
                customClass = raw
            }
        }
        // Newer nibs state the module explicitly (`IBClassReference { IBClassName, IBModuleName }`).
        if let ref = object["IBClassReference"]?.objectRef, let reference = graph[ref] {
            if customModule == nil, let module = graph.string(reference["IBModuleName"]), !module.isEmpty {
                customModule = module
            }
            if customClass == nil, let name = graph.string(reference["IBClassName"]), !name.isEmpty, name != base {
                customClass = name
            }
        }
    }

    /// The framework class and custom class of a window template whose `NSWindowClass` is
    /// `windowClass` (keyed archives, typedstream nibs and IB 3 xibs store a window's class there,
    /// custom or not): an AppKit class (`NSWindow`, `NSPanel`) is the window's class, any other
    /// (`DiffDocumentWindow`) a custom class of `NSWindow`. Nil or empty: `NSWindow`.
    static func window(_ windowClass: String?) -> (className: String, customClass: String?) {
        guard let windowClass, !windowClass.isEmpty else { return ("NSWindow", nil) }
        return windowClass.hasPrefix("NS") ? (windowClass, nil) : ("NSWindow", windowClass)
    }

    /// The class the runtime instantiates: the custom class when set, else the framework class.
    var effectiveClass: String { customClass ?? className }
}
