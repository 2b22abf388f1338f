import ArchiveReader

/// A large iOS nib with the value mix of real ones (views with geometry blobs, localizable strings,
/// colors, fonts, outlets and actions), built with NibGraphBuilder and written by NibArchiveWriter.
enum SyntheticNib {
    static func make(screens: Int) throws -> [UInt8] {
        var b = NibGraphBuilder()
        let owner = b.proxy("IBFilesOwner")
        let firstResponder = b.proxy("IBFirstResponder")
        var topLevel = [owner, firstResponder], registry = [owner, firstResponder], connections: [ObjectRef] = []
        let colorName = b.string("labelColor")
        let color = b.add("UIColor", fallbacks: ["NSColor"], [
            "UISystemColorName": colorName, "UIColorComponentCount": .int(2), "UIWhite": .float(0), "UIAlpha": .float(1),
        ])
        for s in 0..<screens {
            var subviews: [ObjectRef] = []
            for v in 0..<24 {
                let id = "S\(s)-V\(v)"
                let y = Double(v) * 30
                var fields = [
                    ArchiveField("UIBounds", NibGraphBuilder.rect(0, 0, 320, 28)),
                    ArchiveField("UICenter", NibGraphBuilder.point(160, y + 14)),
                    ArchiveField("UIDeepDrawRect", .bool(true)), ArchiveField("UIAutoresizingMask", .int(36)),
                    ArchiveField("UITag", .int(Int64(s * 100 + v))),
                ]
                let cls: String
                switch v % 3 {
                case 0:
                    cls = "UILabel"
                    fields += [ArchiveField("UIText", b.localizableString("Label \(id)", key: "\(id).text")),
                               ArchiveField("UITextColor", .object(color)), ArchiveField("UIFontPointSize", .double(17))]
                case 1:
                    cls = "UITextField"
                    fields += [ArchiveField("UIPlaceholder", b.localizableString("Field \(id)", key: "\(id).placeholder")),
                               ArchiveField("UIBorderStyle", .int(3)), ArchiveField("UISecureTextEntry", .bool(false))]
                default:
                    cls = "UIButton"
                    fields += [ArchiveField("UITitle", b.localizableString("Button \(id)", key: "\(id).normalTitle")),
                               ArchiveField("UIButtonType", .int(1)), ArchiveField("UIMinValue", .float(-10))]
                }
                let view = b.add(cls, fields: fields)
                subviews.append(view)
                connections.append(v % 3 == 2
                    ? b.action("tap\(v):", from: view, to: v % 2 == 0 ? owner : firstResponder, events: 0x40)
                    : b.outlet("view\(s)_\(v)", from: owner, to: view))
            }
            let list = b.array(subviews, className: "NSMutableArray")
            let root = b.add("UIView", [
                "UIBounds": NibGraphBuilder.rect(0, 0, 320, 720), "UICenter": NibGraphBuilder.point(160, 360),
                "UISubviews": list, "UIBackgroundColor": .object(color), "UIOpaque": .bool(true),
            ])
            topLevel.append(root)
            registry += [root] + subviews
        }
        b.setIOSRoot(topLevel: topLevel, objects: registry, connections: connections)
        return try NibArchiveWriter(coderVersion: 9).encode(b.graph())
    }
}
