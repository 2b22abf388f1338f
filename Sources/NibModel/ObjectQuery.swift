/// How a command-line option that takes an object (`connections --source/--destination`,
/// `graph --focus`) names objects of an input. One query accepts, for every option:
///
/// - an id: `#12` (compiled nib) or a xib id (`BYZ-38-t0r`); `12` also names `#12`;
/// - a name: the object's ``NibObject/name`` (user label, title, text, accessibility
///   identifier), a placeholder's name (`File's Owner`, `First Responder`) or identifier;
/// - a class: framework class, custom class (`LoginViewController`), module-qualified custom
///   class (`Login.LoginViewController`) or runtime class name (``ClassNamed/classNames``,
///   ``NibObject/runtimeClassName``);
///
/// with two storyboard rules (nib-format.md §5.2):
///
/// - a bound upstream placeholder is also named by what it stands for (``Placeholder/Target``:
///   its class, custom class, name, controller id, storyboard identifier);
/// - a query naming a storyboard controller (``StoryboardSummary/Controller/isNamed(_:)``: id,
///   storyboard identifier, class or custom class) names every object that stands for it, the
///   controller in its scene nib and the upstream placeholders of its view nibs.
public struct ObjectQuery: Sendable {
    /// How a query names an object; ids are better matches than names, names than classes.
    public enum Match: Int, Comparable, Sendable {
        case id, name, className
        public static func < (a: Match, b: Match) -> Bool { a.rawValue < b.rawValue }
    }

    public let query: String
    /// Objects standing for the controllers the query names, by document name.
    public let controllerObjects: [String: Set<ObjectID>]

    /// The query `query` over `input`, with the objects of the storyboard controllers it names.
    public init(_ query: String, in input: NibInput) {
        self.init(query, controllerObjects: input.controllerObjects(named: query))
    }

    /// The query `query` with the controller objects already known (by document name; see
    /// ``NibInput/controllerObjects(named:)``), or none.
    public init(_ query: String, controllerObjects: [String: Set<ObjectID>] = [:]) {
        self.query = query
        self.controllerObjects = controllerObjects
    }

    /// How the query names `o`, if it does (not counting ``controllerObjects``).
    public func match(_ o: NibObject) -> Match? {
        if o.id.rawValue == query || o.id.rawValue == "#" + query { return .id }
        if o.name == query || o.placeholder?.identifier == query || o.placeholder?.kind.displayName == query {
            return .name
        }
        if o.classNames.contains(query) || o.runtimeClassName == query
            || o.placeholder?.target?.names.contains(query) == true { return .className }
        return nil
    }

    /// True when the query names object `id` of `document`, by any kind of match or as an object
    /// standing for a named controller.
    public func matches(_ id: ObjectID?, in document: NibDocument) -> Bool {
        guard let id else { return false }
        if controllerObjects[document.name]?.contains(id) == true { return true }
        if id.rawValue == query || id.rawValue == "#" + query { return true }
        return document.object(id).map { match($0) != nil } ?? false
    }

    /// The objects of `document` the query names by its best kind of match there (an id hides
    /// objects matched by name, a name those matched by class), in document order, then the
    /// objects standing for a named controller that are not among them. Empty when it names none.
    public func bestMatches(in document: NibDocument) -> [ObjectID] {
        var best: Match?
        var ids: [ObjectID] = []
        for o in document.objects {
            guard let m = match(o) else { continue }
            if best == nil || m < best! { (best, ids) = (m, [o.id]) } else if m == best { ids.append(o.id) }
        }
        let controllers = (controllerObjects[document.name] ?? []).sorted().filter { !ids.contains($0) }
        return ids + controllers
    }

}
