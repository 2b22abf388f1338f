import NibModel

extension FindingCode {
    public static let viewAsDevice = FindingCode("view-as-device")
}

/// `view-as-device` (IBLinter `view_as_device`): the canvas device ('View as:', `<device
/// id=…>`) of an iOS or tvOS source is the configured one (`viewAsDevice`, `retina4_7` unless
/// set). Once per file. A house rule, off by default. IBLinter also reports macOS sources, which
/// have no such setting.
struct ViewAsDeviceRule: NibRule {
    static let viewAsDevice = LintOption.text("viewAsDevice", default: "retina4_7", describing: "an Interface Builder device id")

    static let info = RuleInfo(
        .viewAsDevice, severity: .warning, appliesTo: RuleScope(documents: .sources, platforms: [.iOS, .tvOS]),
        aliases: [.iblinter("view_as_device")], options: [viewAsDevice.spec], offByDefault: true,
        "'View as:' (the canvas device) is not the device the option viewAsDevice names (retina4_7 unless set; once per file).")

    let device: String

    init(options: LintOptions) { device = options[Self.viewAsDevice] }

    func check(document context: LintContext, into out: inout RuleFindings) {
        guard context.isFirstOfFile else { return }
        let current = context.document.sourceAttributes["device.id"]
        guard current != device else { return }
        out.add(nil, current.map { "'View as:' is \($0), not \(device)" } ?? "'View as:' is not set; it should be \(device)",
                fix: "Choose the device in 'View as:' at the bottom of the canvas, and save")
    }
}
