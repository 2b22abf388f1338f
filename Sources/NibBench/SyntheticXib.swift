/// The xib source of ``SyntheticNib``: the same screens, views, outlets and actions, with the ids
/// (`S12-V3`) that the synthetic nib's localizable-string keys carry (`S12-V3.text`), so that
/// `nibinspect compare` matches the two as it matches a source with the nib ibtool compiled from it.
enum SyntheticXib {
    /// The xib text for `screens` screens (one root view with 24 subviews each).
    static func make(screens: Int) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" \
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner">
                    <connections>

        """
        for s in 0..<screens {
            for v in 0..<24 where v % 3 != 2 {
                out += "                <outlet property=\"view\(s)_\(v)\" destination=\"S\(s)-V\(v)\" id=\"O\(s)-\(v)\"/>\n"
            }
        }
        out += """
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>

        """
        for s in 0..<screens { out += screen(s) }
        out += """
            </objects>
        </document>

        """
        return out
    }

    /// One root view and its 24 labels, text fields and buttons.
    private static func screen(_ s: Int) -> String {
        var out = """
                <view contentMode="scaleToFill" id="S\(s)-R">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="720"/>
                    <subviews>

        """
        for v in 0..<24 {
            let id = "S\(s)-V\(v)"
            let frame = "<rect key=\"frame\" x=\"0.0\" y=\"\(v * 30).0\" width=\"320\" height=\"28\"/>"
            switch v % 3 {
            case 0:
                out += """
                                <label opaque="NO" contentMode="left" text="Label \(id)" tag="\(s * 100 + v)" id="\(id)">
                                    \(frame)
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    <color key="textColor" systemColor="labelColor"/>
                                </label>

                """
            case 1:
                out += """
                                <textField opaque="NO" contentMode="scaleToFill" borderStyle="roundedRect" placeholder="Field \(id)" tag="\(s * 100 + v)" id="\(id)">
                                    \(frame)
                                </textField>

                """
            default:
                let target = v % 2 == 0 ? "-1" : "-2"
                out += """
                                <button opaque="NO" contentMode="scaleToFill" buttonType="system" tag="\(s * 100 + v)" id="\(id)">
                                    \(frame)
                                    <state key="normal" title="Button \(id)"/>
                                    <connections>
                                        <action selector="tap\(v):" destination="\(target)" eventType="touchUpInside" id="A\(s)-\(v)"/>
                                    </connections>
                                </button>

                """
            }
        }
        out += """
                    </subviews>
                    <color key="backgroundColor" systemColor="labelColor"/>
                </view>

        """
        return out
    }
}
