/// Ceilings that keep every reader bounded in time and memory on hostile input.
///
/// Exceeding one throws ``ArchiveError/Kind/limitExceeded(_:value:)``. The defaults are far above
/// anything Apple's tools produce (the largest corpus nib has under 10 000 values).
public struct DecodingLimits: Hashable, Sendable {
    /// Largest input file accepted, in bytes (default 1 GiB).
    public var maxFileSize: Int = 1 << 30
    /// Largest object count of one archive (default 10 million).
    public var maxObjects: Int = 10_000_000
    /// Largest value or key count of one archive (default 50 million).
    public var maxValues: Int = 50_000_000
    /// Deepest nesting of archives inside data values and of containers (default 16).
    public var maxNestingDepth: Int = 16

    public init() {}

    /// The defaults.
    public static let `default` = DecodingLimits()

    /// `count` clamped for `reserveCapacity`: never more than the bytes left could hold when each
    /// record needs at least `minRecordSize` bytes.
    static func reservation(_ count: Int, remaining: Int, minRecordSize: Int = 1) -> Int {
        max(0, min(count, remaining / max(1, minRecordSize)))
    }
}
