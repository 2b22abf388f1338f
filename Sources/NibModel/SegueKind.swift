extension Segue {
    /// A segue's kind as a xib's `kind` attribute names it (§7.3): the kinds Interface Builder
    /// writes, and ``other(_:)`` for any other text, kept as it is.
    ///
    /// Prints and encodes (JSON: a string) as its raw value; a string literal or
    /// ``init(rawValue:)`` gives the named case, or ``other(_:)``. Two kinds are equal when
    /// their raw values are.
    public enum Kind: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral, RawRepresentable, Codable {
        case show, showDetail, presentation, popoverPresentation, embed, unwind, relationship, custom, push, modal, replace
        /// A kind this list does not name.
        case other(String)

        /// The named kinds, in the order of the cases.
        public static let named: [Kind] = [
            .show, .showDetail, .presentation, .popoverPresentation, .embed, .unwind, .relationship, .custom, .push, .modal,
            .replace,
        ]

        public init(rawValue: String) {
            self = Self.named.first { $0.rawValue == rawValue } ?? .other(rawValue)
        }

        public init(stringLiteral value: String) { self.init(rawValue: value) }

        public var rawValue: String {
            switch self {
            case .show: return "show"
            case .showDetail: return "showDetail"
            case .presentation: return "presentation"
            case .popoverPresentation: return "popoverPresentation"
            case .embed: return "embed"
            case .unwind: return "unwind"
            case .relationship: return "relationship"
            case .custom: return "custom"
            case .push: return "push"
            case .modal: return "modal"
            case .replace: return "replace"
            case .other(let text): return text
            }
        }

        public var description: String { rawValue }

        public static func == (a: Kind, b: Kind) -> Bool { a.rawValue == b.rawValue }

        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        public init(from decoder: any Decoder) throws {
            self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(rawValue)
        }
    }
}
