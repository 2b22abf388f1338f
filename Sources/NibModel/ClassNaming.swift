/// Something archived with a framework class and, when a user set one, a custom class in a module:
/// ``NibObject``, ``Placeholder/Target`` and ``StoryboardSummary/Controller``. The extension
/// builds every display form of the class once, so each output spells it the same way.
public protocol ClassNamed {
    /// The framework class (`UIButton`).
    var className: String { get }
    /// The custom class a user set (`LoginViewController`), demangled.
    var customClass: String? { get }
    /// The custom class's module (`COVIDSafe`).
    var customModule: String? { get }
}

extension ClassNamed {
    /// `customClass` when set, else `className`.
    public var effectiveClass: String { customClass ?? className }

    /// The custom class qualified by its module when the module is known (`COVIDSafe.HomeViewController`,
    /// or `HomeViewController` without a module); nil without a custom class. A module without a
    /// custom class qualifies nothing.
    public var qualifiedCustomClass: String? {
        customClass.map { custom in customModule.map { "\($0).\(custom)" } ?? custom }
    }

    /// ``qualifiedCustomClass`` when set, else `className` (the class the runtime instantiates).
    public var qualifiedClass: String { qualifiedCustomClass ?? className }

    /// `Module.Custom (Framework)`, `Custom (Framework)` or `Framework`: the custom class with the
    /// framework class it stands on.
    public var displayClass: String {
        qualifiedCustomClass.map { "\($0) (\(className))" } ?? className
    }

    /// The class names a query may use for it: `className`, then `customClass` and the
    /// module-qualified custom class when set.
    public var classNames: [String] {
        var out = [className]
        if let customClass {
            out.append(customClass)
            if let customModule { out.append("\(customModule).\(customClass)") }
        }
        return out
    }
}

extension NibObject: ClassNamed {}
extension Placeholder.Target: ClassNamed {}
extension StoryboardSummary.Controller: ClassNamed {}
