import Testing
@testable import ArchiveReader

/// Typed values read from xib value elements (nib-format.md §7.1): `<rect>`, `<point>`, `<size>`,
/// `<inset>`/`<edgeInsets>`, `<color>`, `<fontDescription>`/`<font>`; what does not make a typed
/// value keeps its raw element text.
@Suite("Typed values from xib sources")
struct SourceValueTests {
    /// The properties of one `<view id="v">` whose children are `elements`.
    static func properties(_ elements: String) throws -> [String: PropertyValue] {
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
            <objects>
                <view contentMode="scaleToFill" id="v">
                    \(elements)
                </view>
            </objects>
        </document>
        """
        let document = try #require(try SourceReader.read(bytes: Array(xib.utf8), name: "Values.xib").documents.first)
        let view = try #require(document.object(ObjectID("v")))
        return Dictionary(view.properties.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    @Test("<rect>, <point>, <size>, <inset> (minX is left, minY top) and <edgeInsets>")
    func geometry() throws {
        let p = try Self.properties("""
            <rect key="frame" x="16" y="40.5" width="343" height="21"/>
            <point key="center" x="1.5" y="-2"/>
            <size key="intrinsicContentSize" width="100" height="0.0"/>
            <inset key="imageEdgeInsets" minX="1" minY="2" maxX="3" maxY="4"/>
            <edgeInsets key="layoutMargins" top="5" left="6" bottom="7" right="8"/>
            <rect key="bounds" x="a" y="0" width="1" height="1"/>
            <size key="tooBig" width="1e400" height="1"/>
            """)
        #expect(p["frame"] == .rect(Rect(x: 16, y: 40.5, width: 343, height: 21)))
        #expect(p["center"] == .point(Point(x: 1.5, y: -2)))
        #expect(p["intrinsicContentSize"] == .size(Size(width: 100, height: 0)))
        #expect(p["imageEdgeInsets"] == .insets(Insets(top: 2, left: 1, bottom: 4, right: 3, notation: .minMax)))
        #expect(p["layoutMargins"] == .insets(Insets(top: 5, left: 6, bottom: 7, right: 8, notation: .edges)))
        #expect(p["bounds"] == .formatted("rect(height=1, width=1, x=a, y=0)"))
        #expect(p["tooBig"] == .formatted("{inf, 1}"))
        let text = ["frame", "center", "intrinsicContentSize", "imageEdgeInsets", "layoutMargins"].map { p[$0]?.description }
        #expect(text == ["{{16, 40.5}, {343, 21}}", "{1.5, -2}", "{100, 0}", "{{1, 2}, {3, 4}}", "{{5, 6}, {7, 8}}"])
    }

    @Test("<color>: RGB, white, CMYK with and without alpha, system, named with catalog, what is not a colour here")
    func colors() throws {
        let p = try Self.properties("""
            <color key="a" red="1" green="0.30196078431372547" blue="0.0" alpha="0.5" colorSpace="custom" customColorSpace="sRGB"/>
            <color key="b" white="0.33333333333333331" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
            <color key="c" cyan="0" magenta="1" yellow="1" black="0" alpha="1" colorSpace="custom" customColorSpace="genericCMYKColorSpace"/>
            <color key="d" systemColor="systemBackgroundColor"/>
            <color key="e" name="controlTextColor" catalog="System" colorSpace="catalog"/>
            <color key="f" name="AccentColor"/>
            <color key="g" cocoaTouchSystemColor="darkTextColor"/>
            """)
        #expect(p["a"] == .color(Color(space: .rgb, components: [1, 0.30196078431372547, 0], alpha: 0.5, notation: .xib, colorSpaceName: "sRGB")))
        #expect(p["b"] == .color(Color(space: .white, components: [0.33333333333333331], notation: .xib, colorSpaceName: "genericGamma22GrayColorSpace")))
        #expect(p["c"] == .color(Color(space: .cmyk, components: [0, 1, 1, 0], alpha: 1, notation: .xib, colorSpaceName: "genericCMYKColorSpace")))
        #expect(p["d"] == .color(Color(space: .system, name: "systemBackgroundColor", notation: .xib)))
        #expect(p["e"] == .color(Color(space: .catalog, name: "controlTextColor", catalog: "System", notation: .xib)))
        #expect(p["f"] == .color(Color(space: .catalog, name: "AccentColor", notation: .xib)))
        #expect(p["g"] == .formatted("color(cocoaTouchSystemColor=darkTextColor)"))
        #expect(["a", "b", "c", "d", "e", "f"].map { p[$0]?.description } == [
            "rgba(1 0.30196078431372547 0 0.5)", "white(0.3333333333333333 1)", "cmyka(0 1 1 0 1)",
            "systemBackgroundColor", "controlTextColor (System)", "AccentColor",
        ])
    }

    @Test("<fontDescription> and <font>: system type with weight, text style, name, metaFont; appearance font stays raw")
    func fonts() throws {
        let p = try Self.properties("""
            <fontDescription key="a" type="system" weight="semibold" pointSize="17"/>
            <fontDescription key="b" style="UICTFontTextStyleBody"/>
            <fontDescription key="c" name="Avenir-Book" family="Avenir" pointSize="18"/>
            <font key="d" metaFont="message" size="11"/>
            <font key="e" textStyle="title1" name=".SFNS-Regular"/>
            <font key="f" usesAppearanceFont="YES"/>
            """)
        #expect(p["a"] == .font(Font(size: 17, systemType: "system", weight: "semibold")))
        #expect(p["b"] == .font(Font(textStyle: "UICTFontTextStyleBody")))
        #expect(p["c"] == .font(Font(name: "Avenir-Book", size: 18)))
        #expect(p["d"] == .font(Font(size: 11, metaFont: "message")))
        #expect(p["e"] == .font(Font(name: ".SFNS-Regular", textStyle: "title1")))
        #expect(p["f"] == .formatted("font(usesAppearanceFont=YES)"))
        #expect(["a", "b", "c", "d", "e"].map { p[$0]?.description } == [
            "system semibold 17", "UICTFontTextStyleBody", "Avenir-Book 18", "metaFont message 11", ".SFNS-Regular",
        ])
    }
}
