/// How a command-line query (`connections --source/--destination`, `graph --focus`) names objects
/// of an input: by id, class, custom class (plain or module-qualified), runtime class, name or
/// placeholder name, with two storyboard rules (nib-format.md §5.2):
///
/// - a bound upstream placeholder is also named by what it stands for (``Placeholder/Target``:
///   its class, custom class, name, controller id, storyboard identifier);
/// - a query naming a storyboard controller (``StoryboardSummary/Controller/isNamed(_:)``: id,
///   storyboard identifier, class or custom class) names every object that stands for it, the
///   controller in its scene nib and the upstream placeholders of its view nibs.
public struct ObjectQuery: Sendable {
    public let query: String
    /// Objects standing for the controllers the query names, by document name.
    public let controllerObjects: [String: Set<ObjectID>]

    public init(_ query: String, in input: NibInput) {
        self.query = query
        self.controllerObjects = input.controllerObjects(named: query)
    }

    /// True when the query names object `id` of `document`.
    public func matches(_ id: ObjectID?, in document: NibDocument) -> Bool {
        guard let id else { return false }
        if id.rawValue == query || controllerObjects[document.name]?.contains(id) == true { return true }
        guard let o = document.object(id) else { return false }
        return Self.names(of: o).contains(query)
    }

    /// The names a query may use for `o` (see the type's discussion), without its id.
    public static func names(of o: NibObject) -> [String] {
        var names = [o.className, o.customClass, o.runtimeClassName, o.name, o.placeholder?.identifier,
                     o.placeholder?.kind.displayName].compactMap { $0 }
        if let module = o.customModule, let custom = o.customClass { names.append("\(module).\(custom)") }
        if let target = o.placeholder?.target { names += target.names }
        return names
    }
}
