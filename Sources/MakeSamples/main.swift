import ArchiveReader
import Foundation

// make-samples <dir>: writes the sample nibs of Samples/ with the project's own NIBArchive writer.
// Each nib mirrors the hand-written xib beside it (Samples/README.md). Object layout follows
// nib-format.md §3 (root keys §3.1, placeholders §3.2, connections §3.3, custom classes §3.5).

let directory = CommandLine.arguments.dropFirst().first ?? "Samples"

/// The iOS login screen of Samples/LoginViewController.xib.
func loginViewController() throws -> [UInt8] {
    var b = NibGraphBuilder()
    let owner = b.proxy("IBFilesOwner")
    let firstResponder = b.proxy("IBFirstResponder")

    func color(_ name: String, white: Double) -> ArchiveValue {
        let n = b.string(name)
        return .object(b.add("UIColor", fallbacks: ["NSColor"], [
            "UISystemColorName": n, "UIColorComponentCount": .int(2), "UIWhite": .float(Float(white)),
            "UIAlpha": .float(1), "NSWhite": .data(Array(String(white == 1 ? "1" : "0").utf8)), "NSColorSpace": .int(4),
        ]))
    }
    /// Common UIView keys for a frame given as origin + size (UICenter = origin + size/2, §2.9).
    func viewFields(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [ArchiveField] {
        [ArchiveField("UIBounds", NibGraphBuilder.rect(0, 0, w, h)),
         ArchiveField("UICenter", NibGraphBuilder.point(x + w / 2, y + h / 2)),
         ArchiveField("UIDeepDrawRect", .bool(true)), ArchiveField("UIAutoresizeSubviews", .bool(true)),
         ArchiveField("UIAutoresizingMask", .int(36)),
         ArchiveField("UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", .bool(true))]
    }
    func label(_ id: String, _ text: String, _ frame: (Double, Double, Double, Double), size: Double) -> ObjectRef {
        let t = b.localizableString(text, key: "\(id).text")
        let c = color("labelColor", white: 0)
        let fontName = b.string(".SFUI-Regular")
        let font = b.add("UIFont", fallbacks: ["NSFont"], [
            "UIFontName": fontName, "UIFontPointSize": .double(size), "UIFontTraits": .int(0),
            "UISystemFont": .bool(true), "NSName": fontName, "NSSize": .double(size),
        ])
        return b.add("UILabel", fields: viewFields(frame.0, frame.1, frame.2, frame.3) + [
            ArchiveField("UIUserInteractionDisabled", .bool(true)), ArchiveField("UIText", t),
            ArchiveField("UITextColor", c), ArchiveField("UIFont", .object(font)),
            ArchiveField("UINumberOfLines", .int(1)),
        ])
    }
    func textField(_ id: String, placeholder: String, y: Double, secure: Bool, keyboard: Int64) -> ObjectRef {
        let p = b.localizableString(placeholder, key: "\(id).placeholder")
        let empty = b.string("")
        return b.add("UITextField", fields: viewFields(24, y, 327, 34) + [
            ArchiveField("UIContentVerticalAlignment", .int(0)), ArchiveField("UIText", empty),
            ArchiveField("UIPlaceholder", p), ArchiveField("UIBorderStyle", .int(3)),
            ArchiveField("UIKeyboardType", .int(keyboard)), ArchiveField("UISecureTextEntry", .bool(secure)),
        ])
    }
    func buttonFields(_ id: String, _ title: String, y: Double, height: Double) -> [ArchiveField] {
        let t = b.localizableString(title, key: "\(id).normalTitle")
        let content = b.add("UIButtonContent", ["UITitle": t])
        let normal = b.number(Int64(0))
        let states = b.dictionary([(normal, .object(content))], className: "NSMutableDictionary")
        return viewFields(24, y, 327, height) + [
            ArchiveField("UIContentHorizontalAlignment", .int(0)), ArchiveField("UIContentVerticalAlignment", .int(0)),
            ArchiveField("UIButtonType", .int(1)), ArchiveField("UIButtonStatefulContent", states),
        ]
    }

    let titleLabel = label("kTg-3h-Qad", "Welcome", (24, 120, 327, 34), size: 28)
    let subtitleLabel = label("Zp4-Nn-8Xy", "Sign in to continue", (24, 162, 327, 21), size: 17)
    let emailField = textField("Xq7-Jc-ZvE", placeholder: "Email", y: 215, secure: false, keyboard: 7)
    let passwordField = textField("P9w-Rd-2sT", placeholder: "Password", y: 265, secure: true, keyboard: 0)
    // The Sign In button has a Swift custom class: a UIClassSwapper with the runtime name (§3.5).
    let signInButton = b.classSwapper(SwiftNames.mangledClassName(module: "LoginDemo", names: ["PrimaryButton"]),
                                      original: "UIButton", fields: buttonFields("bH5-Ue-yLo", "Sign In", y: 323, height: 44))
    let forgotButton = b.add("UIButton", fields: buttonFields("fG7-pW-3kq", "Forgot password?", y: 383, height: 30))

    let subviews = [titleLabel, subtitleLabel, emailField, passwordField, signInButton, forgotButton]
    let list = b.array(subviews, className: "NSMutableArray")
    let background = color("systemBackgroundColor", white: 1)
    let view = b.add("UIView", [
        "UIBounds": NibGraphBuilder.rect(0, 0, 375, 667), "UICenter": NibGraphBuilder.point(187.5, 333.5),
        "UISubviews": list, "UIBackgroundColor": background, "UIDeepDrawRect": .bool(true), "UIOpaque": .bool(true),
        "UIAutoresizeSubviews": .bool(true), "UIAutoresizingMask": .int(18),
    ])

    let connections = [
        b.outlet("emailField", from: owner, to: emailField),
        b.outlet("passwordField", from: owner, to: passwordField),
        b.outlet("signInButton", from: owner, to: signInButton),
        b.outlet("titleLabel", from: owner, to: titleLabel),
        b.outlet("view", from: owner, to: view),
        b.action("forgotPassword:", from: forgotButton, to: firstResponder, events: 0x40),  // touchUpInside
        b.action("signIn:", from: signInButton, to: owner, events: 0x40),
        b.outletCollection("fields", from: owner, to: [emailField, passwordField]),
    ]
    b.setIOSRoot(topLevel: [owner, firstResponder, view], objects: [owner, firstResponder, view] + subviews,
                 connections: connections)
    return try NibArchiveWriter(coderVersion: 9).encode(b.graph(coderVersion: 9))
}

do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let samples: [(String, () throws -> [UInt8])] = [("LoginViewController.nib", loginViewController)]
    for (name, make) in samples {
        let bytes = try make()
        _ = try NibArchive(bytes: bytes)  // what we write must read back
        let path = (directory as NSString).appendingPathComponent(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        print("make-samples: wrote \(path) (\(bytes.count) bytes)")
    }
} catch {
    FileHandle.standardError.write(Data("make-samples: error: \(error)\n".utf8))
    exit(70)
}
