/// UIKit controls whose values a compiled nib keeps in objects of their own, in the xib's terms,
/// so that `compare` and `nibinspect xib` can check and restate them.
extension PropertyDecoder {
    /// Puts, for a `UISegmentedControl` (`UISegments`, an array of `UISegment` views): for each
    /// segment i (from 0) `segment[i].title` or `segment[i].image` (`UISegmentInfo`, a string or
    /// an image; an empty title is none) and `segment[i].width` in points (`UISegmentWidth`,
    /// archived only when not 0), as a storyboard's `<segment title="…" image="…" width="…"/>`;
    /// and `selectedSegmentIndex` (`UISelectedSegmentIndex`, when not -1). Keys from UIKit's
    /// `-[UISegment encodeWithCoder:]`; at most 1,000 segments.
    func uiKitItems(_ object: ArchivedObject, _ put: (String, PropertyValue?) -> Void) {
        guard let segments = graph.elements(object["UISegments"]) else { return }
        for (i, segment) in segments.prefix(1_000).enumerated() {
            guard let ref = segment.objectRef, let item = graph[ref] else { continue }
            let info = item["UISegmentInfo"]
            if let title = graph.string(info) {
                if !title.isEmpty { put("segment[\(i)].title", text(info)) }
            } else {
                put("segment[\(i)].image", image(info))
            }
            put("segment[\(i)].width", graph.double(item["UISegmentWidth"]).flatMap { $0 > 0 ? .double($0) : nil })
        }
        if let index = graph.integer(object["UISelectedSegmentIndex"]), index >= 0 {
            put("selectedSegmentIndex", .int(index))
        }
    }
}
