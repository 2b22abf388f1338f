import NibModel
import Foundation

/// What a connection graph shows and how it is laid out.
///
/// The defaults draw outlets, outlet collections, actions, bindings and segues, left to right,
/// without the view hierarchy: the picture Interface Builder's Connections inspector describes.
public struct GraphOptions: Hashable, Sendable {
    /// Graphviz `rankdir`: the direction edges flow in.
    public enum RankDirection: String, Hashable, Sendable, CaseIterable {
        /// Chosen by the graph: left to right for a document's connections (labels on horizontal
        /// edges read best); for a storyboard's scene flow, the direction whose layout comes
        /// closest to a page's proportions (``ConnectionGraph/sceneFlowDirection(ranks:breadth:)``).
        case automatic = "auto"
        /// Left to right (`LR`).
        case leftToRight = "LR"
        /// Top to bottom (`TB`).
        case topToBottom = "TB"
    }

    public var rankDirection: RankDirection
    /// Connection kinds drawn as edges. Kinds not listed are left out, and an object that takes
    /// part only in left-out connections is not drawn (unless ``hierarchy`` is on).
    public var kinds: Set<Connection.Kind>
    /// When set, only this object and its direct neighbours (the objects it is connected to, in
    /// either direction, by a drawn kind) are shown. Matched by ``ObjectQuery/bestMatches(in:)``.
    public var focus: String?
    /// Draw every object of the view/menu/controller hierarchy, nested as clusters by parent.
    public var hierarchy: Bool
    /// Longest label line, in characters, before it is cut with `…` (names and texts only;
    /// class names are never cut).
    public var maxLabelLength: Int
    /// Draw the responder chain too: nil-targeted actions to First Responder (and its node) and
    /// the key-view loop (`nextKeyView`, `initialFirstResponder` outlets). Off by default: in a
    /// menu nib or a form they are most of the edges and say little about the design.
    public var showsResponderChain: Bool
    /// Draw a legend of the edge styles used (``ConnectionGraph/showsLegend``).
    public var legend: Bool

    /// Kinds drawn by default.
    public static let defaultKinds: Set<Connection.Kind> = [.outlet, .outletCollection, .action, .binding, .segue]

    /// Outlets that make up the key-view loop, hidden unless ``showsResponderChain``.
    public static let keyViewLoopOutlets: Set<String> = ["nextKeyView", "initialFirstResponder"]

    public init(rankDirection: RankDirection = .automatic, kinds: Set<Connection.Kind> = GraphOptions.defaultKinds,
                focus: String? = nil, hierarchy: Bool = false, maxLabelLength: Int = 32,
                showsResponderChain: Bool = false, legend: Bool = true) {
        self.rankDirection = rankDirection
        self.kinds = kinds
        self.focus = focus
        self.hierarchy = hierarchy
        self.maxLabelLength = max(4, maxLabelLength)
        self.showsResponderChain = showsResponderChain
        self.legend = legend
    }

    /// Parses a `--kinds` value: comma-separated ``Connection/Kind`` raw values, case-insensitive,
    /// also accepting `collection` for `outletCollection`, `attribute` for `runtimeAttribute`
    /// and `all`.
    ///
    /// - Returns: nil when a name is unknown (the caller reports it with ``kindNames``).
    public static func parseKinds(_ text: String) -> Set<Connection.Kind>? {
        var out = Set<Connection.Kind>()
        for raw in text.split(separator: ",") {
            let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if name.isEmpty { continue }
            if name == "all" { out.formUnion(Connection.Kind.allCases); continue }
            if name == "collection" || name == "outlet-collection" { out.insert(.outletCollection); continue }
            if name == "attribute" || name == "runtime-attribute" { out.insert(.runtimeAttribute); continue }
            guard let kind = Connection.Kind.allCases.first(where: { $0.rawValue.lowercased() == name }) else {
                return nil
            }
            out.insert(kind)
        }
        return out.isEmpty ? nil : out
    }

    /// The names ``parseKinds(_:)`` accepts, for help and error messages.
    public static var kindNames: [String] { Connection.Kind.allCases.map(\.rawValue) + ["all"] }
}
