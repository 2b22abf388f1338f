import Foundation

/// A small deterministic generator (SplitMix64, Steele et al. 2014), so that a failing seed of a
/// generated or mutated input replays exactly.
///
/// ```swift
/// var rng = SeededRandom(seed: SeededRandom.seed(env: "NIB_MUTATION_SEED", fallback: 0xF022))
/// let n = Int.random(in: 0..<10, using: &rng)
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `next() % n` as an index below `n` (0 when `n` ≤ 0); not uniform, but cheap and stable
    /// across platforms, unlike `Int.random(in:using:)`'s algorithm.
    public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }

    /// The seed from the environment variable `env` (decimal or `0x` hex), else `fallback`;
    /// printed as `ENV=seed` so that a failure can be replayed.
    public static func seed(env: String, fallback: UInt64) -> UInt64 {
        let text = ProcessInfo.processInfo.environment[env]
        let seed = text.flatMap { $0.hasPrefix("0x") ? UInt64($0.dropFirst(2), radix: 16) : UInt64($0) } ?? fallback
        print("\(env)=\(seed)")
        return seed
    }
}
