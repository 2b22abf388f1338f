/// A Graphviz failure while turning DOT text into SVG, with Graphviz's own message.
///
/// Graphviz's messages are captured (never printed by the library) and kept in ``message``,
/// e.g. `syntax error in line 1 near '->'` or `Layout type: "dot" not recognized. Use one of:`.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the pipeline it failed (`gvContext` → `agmemread` → `gvLayout` → `gvRenderData`).
    public enum Stage: String, Hashable, Sendable, CaseIterable {
        /// `gvContext()` returned no context (out of memory, broken installation).
        case context
        /// `agmemread` rejected the DOT text.
        case parse
        /// `gvLayout` failed (unknown engine, missing plugin configuration).
        case layout
        /// `gvRenderData` failed (unknown output format, missing plugin).
        case render
    }

    public var stage: Stage
    /// Graphviz's message (trimmed, several messages joined by `; `), plus a hint when the
    /// cause is known (a missing plugin configuration: run `dot -c` as root).
    public var message: String

    public init(stage: Stage, message: String) {
        self.stage = stage
        self.message = message
    }

    /// `Graphviz layout failed: Layout type: "dot" not recognized. …`
    public var description: String { "Graphviz \(stage.rawValue) failed: \(message)" }

    /// The hint added when Graphviz names a layout engine or output format it does not know,
    /// which on Debian/Ubuntu means the plugin configuration (`config6a`) was never written.
    public static let pluginHint = "Graphviz's plugin configuration seems to be missing: run `dot -c` as root (e.g. `sudo dot -c`) once to register its plugins"
}

/// Which Graphviz layout engine to use.
public enum LayoutEngine: String, Hashable, Sendable, CaseIterable {
    /// `dot` (layered; clusters supported), switching to `sfdp` for very large graphs.
    case automatic = "auto"
    /// Layered layout: the clearest for connection graphs, but slow beyond a few thousand nodes.
    case dot
    /// Scalable force-directed layout: finishes on 10,000-node graphs in seconds; ignores clusters.
    case sfdp
    /// Spring-model layout.
    case neato

    /// Graphs with more nodes than this are laid out with `sfdp` by ``automatic``.
    public static let sfdpNodeThreshold = 2_500
    /// Graphs with more edges than this are laid out with `sfdp` by ``automatic``.
    ///
    /// Every labelled edge costs `dot` a virtual node, and long edges between unrelated objects
    /// are its worst case: a synthetic document of 250 objects and 500 random labelled
    /// connections takes `dot` 10 s, 1,000/2,000 several minutes, while the biggest corpus nib
    /// (384 connections, 1,002 objects with `--hierarchy`) takes 0.2 s.
    public static let sfdpEdgeThreshold = 800

    /// The engine to run for a graph of this size, and a note for the user when ``automatic``
    /// switched away from `dot` (toolchain-notes.md §1: `dot` needs minutes on 10k-node graphs).
    public func resolved(nodes: Int, edges: Int) -> (engine: String, note: String?) {
        guard self == .automatic else { return (rawValue, nil) }
        if nodes > Self.sfdpNodeThreshold || edges > Self.sfdpEdgeThreshold {
            return ("sfdp", "graph has \(nodes) nodes and \(edges) edges (more than \(Self.sfdpNodeThreshold) nodes or \(Self.sfdpEdgeThreshold) edges); laid out with sfdp instead of dot so it finishes (clusters are not drawn)")
        }
        return ("dot", nil)
    }
}
