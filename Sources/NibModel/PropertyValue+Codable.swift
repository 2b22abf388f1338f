/// JSON: a one-key object naming the kind — `{"string": "Sign In"}`, `{"int": 7}`,
/// `{"object": "#12"}`, `{"rect": {"x": 0, "y": 0, "width": 320, "height": 44}}`,
/// `{"color": {"space": "rgb", …}}`, `{"localizedString": {"text": …, "key": …}}`,
/// `{"data": {"byteCount": 16}}`, `{"constraint": {"firstItem": "#5", "firstAttribute": "width", …}}`,
/// `{"formatted": "[3 items]"}`
/// (Schemas/nibinspect.schema.json, `propertyValue`).
///
/// Typed values that JSON has always carried as text keep that text, so that the JSON output
/// does not change: flags, accessibility, identifiers, ``null`` and an image read from a xib
/// element as `{"formatted": "<their description>"}`, a key equivalent as `{"string": "⌘Q"}`.
/// Decoding gives ``formatted(_:)`` (and ``string(_:)``) back for them, except `"nil"`, which is
/// ``null``; ``Property`` decoding gives the compiled readers' keys their types back
/// (``Property/retyped(key:_:)``).
extension PropertyValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case string, int, double, bool, object, rect, point, size, insets, color, font, image, localizedString,
             data, constraint, formatted
    }

    private enum DataKeys: String, CodingKey { case byteCount }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard c.allKeys.count == 1, let key = c.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: c.codingPath,
                debugDescription: "a property value is an object with exactly one key naming its kind"))
        }
        switch key {
        case .string: self = .string(try c.decode(String.self, forKey: key))
        case .int: self = .int(try c.decode(Int64.self, forKey: key))
        case .double: self = .double(try c.decode(Double.self, forKey: key))
        case .bool: self = .bool(try c.decode(Bool.self, forKey: key))
        case .object: self = .object(try c.decode(ObjectID.self, forKey: key))
        case .rect: self = .rect(try c.decode(Rect.self, forKey: key))
        case .point: self = .point(try c.decode(Point.self, forKey: key))
        case .size: self = .size(try c.decode(Size.self, forKey: key))
        case .insets: self = .insets(try c.decode(Insets.self, forKey: key))
        case .color: self = .color(try c.decode(Color.self, forKey: key))
        case .font: self = .font(try c.decode(Font.self, forKey: key))
        case .image: self = .image(try c.decode(ImageReference.self, forKey: key))
        case .localizedString: self = .localizedString(try c.decode(LocalizedString.self, forKey: key))
        case .data:
            let d = try c.nestedContainer(keyedBy: DataKeys.self, forKey: key)
            self = .data(byteCount: try d.decode(Int.self, forKey: .byteCount))
        case .constraint: self = .constraint(try c.decode(LayoutConstraint.self, forKey: key))
        case .formatted:
            let text = try c.decode(String.self, forKey: key)
            self = text == "nil" ? .null : .formatted(text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .string(let v): try c.encode(v, forKey: .string)
        case .int(let v): try c.encode(v, forKey: .int)
        // JSON has no NaN or infinity: such a number is its text (`nan`, `inf`), as the typed
        // values' are (schema: `formatted`), instead of an error halfway through the output.
        case .double(let v) where !v.isFinite: try c.encode(description, forKey: .formatted)
        case .double(let v): try c.encode(v, forKey: .double)
        case .bool(let v): try c.encode(v, forKey: .bool)
        case .object(let v): try c.encode(v, forKey: .object)
        case .rect(let v): try c.encode(v, forKey: .rect)
        case .point(let v): try c.encode(v, forKey: .point)
        case .size(let v): try c.encode(v, forKey: .size)
        case .insets(let v): try c.encode(v, forKey: .insets)
        case .color(let v): try c.encode(v, forKey: .color)
        case .font(let v): try c.encode(v, forKey: .font)
        case .image(let v):
            if let element = v.element { try c.encode(element.description, forKey: .formatted) } else { try c.encode(v, forKey: .image) }
        case .localizedString(let v): try c.encode(v, forKey: .localizedString)
        case .constraint(let v): try c.encode(v, forKey: .constraint)
        case .data(let count):
            var d = c.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
            try d.encode(count, forKey: .byteCount)
        case .keyEquivalent(let v): try c.encode(v.description, forKey: .string)
        case .flags, .accessibility, .identifiers, .null: try c.encode(description, forKey: .formatted)
        case .formatted(let v): try c.encode(v, forKey: .formatted)
        }
    }
}

extension Property {
    /// The typed value that JSON keeps as text, for the keys the compiled-nib reader gives a type:
    /// `autoresizingMask`, `styleMask` and `behavior` (``FlagSet``), `keyEquivalent`
    /// (``KeyEquivalent``: read back from its shown form), `prototypeCells` and
    /// `defaultToolbarItems` (identifiers, `, `-separated). Any other value is returned as it is.
    static func retyped(key: String, _ value: PropertyValue) -> PropertyValue {
        switch (key, value) {
        case ("autoresizingMask", .formatted(let text)), ("styleMask", .formatted(let text)), ("behavior", .formatted(let text)):
            return .flags(FlagSet(description: text))
        case ("prototypeCells", .formatted(let text)), ("defaultToolbarItems", .formatted(let text)):
            return .identifiers(text.split(separator: ", ", omittingEmptySubsequences: false).map(String.init))
        case ("keyEquivalent", .string(let text)):
            return KeyEquivalent(shown: text).map { .keyEquivalent($0) } ?? value
        default:
            return value
        }
    }
}
