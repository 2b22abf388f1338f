import Testing
@testable import ArchiveReader

/// Typed values decoded from compiled archives (nib-format.md §2.9): geometry blobs and strings,
/// UIKit and AppKit colours, fonts, images, localizable strings, bytes. Each graph is a small iOS
/// nib made with ``NibGraphBuilder``; values sit on views or in user-defined runtime attributes.
@Suite("Typed values from compiled nibs")
struct CompiledValueTests {
    /// One `UIView` per entry of `keys` (its archived key → value), resolved; the views in order.
    static func views(_ make: (inout NibGraphBuilder) -> [[String: ArchiveValue]]) -> (NibDocument, [NibObject]) {
        var b = NibGraphBuilder()
        let owner = b.proxy("IBFilesOwner")
        let views = make(&b).map { fields in
            b.add("UIView", fields: fields.sorted { $0.key < $1.key }.map { ArchiveField($0.key, $0.value) })
        }
        b.setIOSRoot(topLevel: [owner] + views, objects: [owner] + views, connections: [])
        let document = NibResolver.resolve(b.graph(), name: "Values.nib")
        return (document, views.compactMap { document.object(ObjectID($0)) })
    }

    /// The values of runtime attributes (`UINibKeyValuePair` `UIValue`) on one view, in order.
    static func runtimeValues(_ make: (inout NibGraphBuilder) -> [ArchiveValue]) -> [PropertyValue?] {
        var b = NibGraphBuilder()
        let owner = b.proxy("IBFilesOwner")
        let view = b.add("UIView")
        let pairs = make(&b).enumerated().map { i, value in
            let keyPath = b.string("value\(i)")
            return b.add("UINibKeyValuePair", ["UIObject": .object(view), "UIKeyPath": keyPath, "UIValue": value])
        }
        b.setIOSRoot(topLevel: [owner, view], objects: [owner, view], connections: [], keyValuePairs: pairs)
        let document = NibResolver.resolve(b.graph(), name: "Values.nib")
        return document.connections.filter { $0.kind == .runtimeAttribute }.map(\.value)
    }

    /// `06` + float32s: the 32-bit form of a geometry blob.
    static func float32Blob(_ numbers: [Float]) -> ArchiveValue {
        var bytes: [UInt8] = [6]
        for n in numbers { withUnsafeBytes(of: n.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        return .data(bytes)
    }

    @Test("a frame is origin = UICenter - size/2 with the size of UIBounds; bounds alone stay bounds")
    func uikitFrame() throws {
        let (_, views) = Self.views { _ in [
            ["UIBounds": NibGraphBuilder.rect(0, 0, 320, 44), "UICenter": NibGraphBuilder.point(160, 122)],
            ["UIBounds": NibGraphBuilder.rect(0, 0, 100, 50)],
            ["UIBounds": Self.float32Blob([0, 0, 30, 20]), "UICenter": Self.float32Blob([15.5, 10])],
        ] }
        try #require(views.count == 3)
        #expect(views[0].property("frame") == .rect(Rect(x: 0, y: 100, width: 320, height: 44)))
        #expect(views[0].property("frame")?.description == "{{0, 100}, {320, 44}}")
        #expect(views[1].property("frame") == nil)
        #expect(views[1].property("bounds") == .rect(Rect(x: 0, y: 0, width: 100, height: 50)))
        #expect(views[2].property("frame") == .rect(Rect(x: 0.5, y: 0, width: 30, height: 20)))
    }

    @Test("geometry blobs and NSValue strings of runtime attributes: rect, size, point")
    func geometryValues() {
        let values = Self.runtimeValues { b in [
            NibGraphBuilder.rect(1, 2, 3, 4),
            NibGraphBuilder.size(5, 6),
            Self.float32Blob([0.5, 1.5]),
            .object(b.add("NSValue", ["NS.pointval": b.string("{7, 8}"), "NS.special": .int(1)])),
            .object(b.add("NSValue", ["NS.sizeval": b.string("{32, 32}"), "NS.special": .int(2)])),
            .object(b.add("NSValue", ["NS.rectval": b.string("{{0, 0}, {10.5, 3}}")])),
            .object(b.add("NSValue", ["NS.pointval": b.string("{-0, 1}")])),
            .object(b.add("NSValue", ["NS.rangeval": b.string("{2, 5}")])),
        ] }
        #expect(values == [
            .rect(Rect(x: 1, y: 2, width: 3, height: 4)),
            .size(Size(width: 5, height: 6)),
            .size(Size(width: 0.5, height: 1.5)),
            .point(Point(x: 7, y: 8)),
            .size(Size(width: 32, height: 32)),
            .rect(Rect(x: 0, y: 0, width: 10.5, height: 3)),
            // `-0` would print as `0`: the text is kept as archived.
            .formatted("{-0, 1}"),
            .formatted("{2, 5}"),
        ])
        #expect(values.map { $0?.description } == [
            "{{1, 2}, {3, 4}}", "{5, 6}", "{0.5, 1.5}", "{7, 8}", "{32, 32}", "{{0, 0}, {10.5, 3}}", "{-0, 1}", "{2, 5}",
        ])
    }

    @Test("UIKit colours: UIRed/UIGreen/UIBlue/UIAlpha, UIWhite, UISystemColorName, a bare UIColor")
    func uikitColors() throws {
        let (_, views) = Self.views { b in [
            ["UIBackgroundColor": .object(b.add("UIColor", ["UIRed": .float(0.25), "UIGreen": .float(0.5),
                                                             "UIBlue": .float(1), "UIAlpha": .float(0.75)]))],
            ["UIBackgroundColor": .object(b.add("UIColor", ["UIWhite": .double(0.3333333)]))],
            ["UIBackgroundColor": .object(b.add("UIColor", ["UISystemColorName": b.string("systemBlueColor"),
                                                             "UIRed": .float(0), "UIGreen": .float(0), "UIBlue": .float(1)]))],
            ["UIBackgroundColor": .object(b.add("UIColor"))],
            ["UIBackgroundColor": .object(b.add("UIColor", ["UIRed": .double(.nan), "UIGreen": .float(0), "UIBlue": .float(0)]))],
        ] }
        let colors = views.map { $0.property("backgroundColor") }
        #expect(colors == [
            .color(Color(space: .rgb, components: [0.25, 0.5, 1], alpha: 0.75, notation: .uikit)),
            .color(Color(space: .white, components: [0.3333333], notation: .uikit)),
            .color(Color(space: .system, name: "systemBlueColor", notation: .uikit)),
            .color(Color(space: .otherClass, name: "UIColor", notation: .uikit)),
            // NaN has no JSON number: kept as text.
            .formatted("rgba(nan 0 0 1)"),
        ])
        #expect(colors.map { $0?.description } == [
            "rgba(0.25 0.5 1 0.75)", "white(0.333 1)", "systemBlueColor", "<UIColor>", "rgba(nan 0 0 1)",
        ])
    }

    @Test("AppKit colours: NSRGB/NSWhite/NSCMYK/NSComponents text, NSColorName with NSCatalogName, a wrapped NSColor")
    func appKitColors() throws {
        func text(_ s: String) -> ArchiveValue { .data(Array(s.utf8)) }
        let (_, views) = Self.views { b in
            let named = b.add("NSColor", ["NSColorSpace": .int(6), "NSCatalogName": b.string("System"),
                                          "NSColorName": b.string("controlColor")])
            return [
                ["UIBackgroundColor": .object(b.add("NSColor", ["NSColorSpace": .int(1), "NSRGB": text("0.31372549 0.5 1\0")]))],
                ["UIBackgroundColor": .object(b.add("NSColor", ["NSRGB": text("1 0 0 0.5")]))],
                ["UIBackgroundColor": .object(named)],
                ["UIBackgroundColor": .object(b.add("NSColor", ["NSColorName": b.string("AccentColor")]))],
                ["UIBackgroundColor": .object(b.add("NSColor", ["NSWhite": text("0.5")]))],
                ["UIBackgroundColor": .object(b.add("NSColor", ["NSCMYK": text("0 1 1 0 1")]))],
                ["UIBackgroundColor": .object(b.add("NSColor", ["NSComponents": text("0.1 0.2 0.3 1"),
                                                                "NSCustomColorSpace": .int(0)]))],
                ["UIBackgroundColor": .object(b.add("NSColor", ["NSColor": .object(named)]))],
                ["UIBackgroundColor": .object(b.add("NSColor", ["NSRGB": text("0.5 x 1")]))],
            ]
        }
        let colors = views.map { $0.property("backgroundColor") }
        #expect(colors == [
            .color(Color(space: .rgb, components: [0.31372549, 0.5, 1], notation: .appKit, colorSpaceName: "calibratedRGB")),
            .color(Color(space: .rgb, components: [1, 0, 0], alpha: 0.5, notation: .appKit)),
            .color(Color(space: .catalog, name: "controlColor", catalog: "System", notation: .appKit)),
            .color(Color(space: .catalog, name: "AccentColor", notation: .appKit)),
            .color(Color(space: .white, components: [0.5], notation: .appKit)),
            .color(Color(space: .cmyk, components: [0, 1, 1, 0], alpha: 1, notation: .appKit)),
            .color(Color(space: .components, components: [0.1, 0.2, 0.3, 1], notation: .appKit)),
            .color(Color(space: .catalog, name: "controlColor", catalog: "System", notation: .appKit)),
            // Not all numbers: kept as text.
            .formatted("rgb(0.5 x 1)"),
        ])
        #expect(colors.map { $0?.description } == [
            "rgb(0.314 0.5 1)", "rgb(1 0 0 0.5)", "named(System controlColor)", "named(AccentColor)", "white(0.5)",
            "cmyk(0 1 1 0 1)", "components(0.1 0.2 0.3 1)", "named(System controlColor)", "rgb(0.5 x 1)",
        ])
    }

    @Test("fonts: name and size (UIKit and AppKit keys), the text style of the descriptor, no name")
    func fonts() throws {
        let (_, views) = Self.views { b in
            let body = b.dictionary([(b.string("NSCTFontUIUsageAttribute"), b.string("UICTFontTextStyleBody")),
                                     (b.string("NSFontSizeAttribute"), b.number(17.0))])
            let regular = b.dictionary([(b.string("NSCTFontUIUsageAttribute"), b.string("CTFontRegularUsage"))])
            return [
                ["UIFont": .object(b.add("UIFont", ["UIFontName": b.string("Helvetica-Bold"), "UIFontPointSize": .double(17)]))],
                ["UIFont": .object(b.add("UIFont", [
                    "UIFontName": b.string(".SFUI-Regular"), "UIFontPointSize": .double(17),
                    "UIFontDescriptor": .object(b.add("UIFontDescriptor", ["UIFontDescriptorAttributes": body])),
                ]))],
                ["UIFont": .object(b.add("NSFont", [
                    "NSName": b.string(".AppleSystemUIFont"), "NSSize": .double(13), "NSfFlags": .int(1044),
                    "NSTextStyleDescriptor": .object(b.add("NSFontDescriptor", ["NSFontDescriptorAttributes": regular])),
                ]))],
                ["UIFont": .object(b.add("UIFont", ["UIFontPointSize": .double(12.5)]))],
            ]
        }
        let fonts = views.map { $0.property("font") }
        #expect(fonts == [
            .font(Font(name: "Helvetica-Bold", size: 17)),
            .font(Font(name: ".SFUI-Regular", size: 17, textStyle: "UICTFontTextStyleBody")),
            .font(Font(name: ".AppleSystemUIFont", size: 13)),
            .formatted("<UIFont> 12.5"),
        ])
        #expect(fonts.map { $0?.description } == ["Helvetica-Bold 17", ".SFUI-Regular 17", ".AppleSystemUIFont 13", "<UIFont> 12.5"])
    }

    @Test("images by name: UIImageNibPlaceholder, NSCustomResource of the system catalog, NSImage")
    func images() throws {
        let (_, views) = Self.views { b in [
            ["UIImage": .object(b.add("UIImageNibPlaceholder", ["UIResourceName": b.string("star"),
                                                                "UIImageWidth": .int(16), "UIImageHeight": .int(16)]))],
            ["UIImage": .object(b.add("NSCustomResource", ["NSClassName": b.string("NSImage"),
                                                           "NSResourceName": b.string("arrow.up"),
                                                           "NSCatalogName": b.string("system")]))],
            ["UIImage": .object(b.add("NSImage", ["NSImageName": b.string("NSActionTemplate")]))],
            ["UIImage": .object(b.add("NSImage", ["NSImageFlags": .int(0)]))],
        ] }
        let images = views.map { $0.property("image") }
        #expect(images == [
            .image(ImageReference(name: "star")),
            .image(ImageReference(name: "arrow.up", catalog: "system")),
            .image(ImageReference(name: "NSActionTemplate")),
            .formatted("<NSImage>"),
        ])
        guard case .image(let symbol)? = images[1], case .image(let star)? = images[0] else {
            Issue.record("not images: \(images)")
            return
        }
        #expect(symbol.isSystemSymbol && !star.isSystemSymbol)
        #expect(images.map { $0?.description } == ["star", "arrow.up", "NSActionTemplate", "<NSImage>"])
    }

    @Test("an NSLocalizableString keeps its NSKey; the text still names the object and prints quoted")
    func localizedStrings() throws {
        var b = NibGraphBuilder()
        let owner = b.proxy("IBFilesOwner")
        let title = b.localizableString("Sign In", key: "abc-de-fgh.text")
        let label = b.add("UILabel", ["UIText": title])
        let plain = b.add("UILabel", ["UIText": b.string("Plain")])
        let hint = b.localizableString("Signs you in", key: "abc-de-fgh.accessibilityHint")
        let ax = b.add("UIRuntimeAccessibilityConfiguration", ["UIAccessibileObject": .object(label), "UIAccessibilityHint": hint])
        b.setIOSRoot(topLevel: [owner, label, plain], objects: [owner, label, plain], connections: [],
                     accessibilityConfigurations: [ax])
        let document = NibResolver.resolve(b.graph(), name: "Strings.nib")
        let l = try #require(document.object(ObjectID(label)))
        let value = LocalizedString(text: "Sign In", key: "abc-de-fgh.text")
        #expect(l.property("text") == .localizedString(value))
        #expect(l.property("text")?.description == "\"Sign In\"" && l.property("text")?.text == "Sign In")
        #expect(l.name == "Sign In")
        #expect(document.object(ObjectID(plain))?.property("text") == .string("Plain"))
        let connection = try #require(document.connections.first { $0.label == "accessibilityHint" })
        #expect(connection.value == .localizedString(LocalizedString(text: "Signs you in", key: "abc-de-fgh.accessibilityHint")))
    }

    @Test("bytes that are neither text nor geometry are counted")
    func data() {
        let values = Self.runtimeValues { _ in [.data([0xFF, 0xFE, 0x00, 0x01]), .data(Array("text".utf8))] }
        #expect(values == [.data(byteCount: 4), .string("text")])
        #expect(values.first??.description == "<4 bytes>")
    }
}
