/// The bits of AppKit flag words that a xib writes as the attributes of one element, with the
/// attribute names in Xcode's order: the reader names archived bits by them, the xib writer writes
/// them in this order.
package enum XIBFlagNames {
    /// Autoresizing mask bits (`UIViewAutoresizing`, the low six bits of an AppKit view's
    /// `NSvFlags`) and their `<autoresizingMask>` attribute names, in bit order.
    package static let autoresizing: [(bit: Int64, name: String)] = [
        (1, "flexibleMinX"), (2, "widthSizable"), (4, "flexibleMaxX"), (8, "flexibleMinY"), (16, "heightSizable"),
        (32, "flexibleMaxY"),
    ]

    /// `NSWindowStyleMask` bits and their `<windowStyleMask>` attribute names, in Xcode's order.
    package static let windowStyle: [(bit: Int64, name: String)] = [
        (1, "titled"), (2, "closable"), (4, "miniaturizable"), (8, "resizable"), (16, "utility"), (64, "docModal"),
        (128, "nonactivatingPanel"), (256, "texturedBackground"), (4096, "unifiedTitleAndToolbar"), (8192, "HUD"),
        (16384, "fullScreen"), (32768, "fullSizeContentView"),
    ]

    /// `NSButtonFlags` masks of the xib's `<behavior>` attributes, in Xcode's attribute order: how
    /// the button highlights (bits 31–25) and whether it dims its image when disabled (bit 12).
    package static let behavior: [(mask: UInt32, name: String)] = [
        (1 << 31, "pushIn"), (1 << 30, "changeContents"), (1 << 26, "lightByBackground"), (1 << 25, "lightByGray"),
        (1 << 29, "changeBackground"), (1 << 28, "changeGray"), (1 << 12, "doesNotDimImage"), (1 << 27, "lightByContents"),
    ]
}
