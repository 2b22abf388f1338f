/// Hand-written Interface Builder sources for the reader and compare tests. Line numbers matter:
/// tests assert them, so edit with care (line 1 is the `<?xml` line).
enum XIBFixtures {
    /// iOS xib: placeholders, subviews, every connection kind, properties, an unknown element,
    /// a dangling destination.
    static let iOSXib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="LoginViewController" customModule="Login" customModuleProvider="target">
                <connections>
                    <outlet property="view" destination="root-view" id="c1"/>
                    <outlet property="signInButton" destination="btn" id="c2"/>
                    <outletCollection property="labels" destination="lbl" collectionClass="NSMutableArray" id="c3"/>
                    <outletCollection property="labels" destination="btn" collectionClass="NSMutableArray" id="c4"/>
                    <outlet property="ghost" destination="does-not-exist" id="c5"/>
                </connections>
            </placeholder>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            <placeholder placeholderIdentifier="AnalyticsService" id="ext" userLabel="Analytics"/>
            <view contentMode="scaleToFill" id="root-view" userLabel="Root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <subviews>
                    <button opaque="NO" tag="7" hidden="YES" contentMode="scaleToFill" buttonType="system" id="btn">
                        <rect key="frame" x="16" y="100" width="343" height="44"/>
                        <state key="normal" title="Sign In" image="arrow"/>
                        <connections>
                            <action selector="signIn:" destination="-1" eventType="touchUpInside" id="a1"/>
                            <action selector="copy:" destination="-2" eventType="touchDown" id="a2"/>
                        </connections>
                    </button>
                    <label text="Welcome" id="lbl">
                        <rect key="frame" x="16" y="40" width="343" height="21"/>
                        <fontDescription key="fontDescription" type="boldSystem" pointSize="17"/>
                        <color key="textColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                        <userDefinedRuntimeAttributes>
                            <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius">
                                <integer key="value" value="4"/>
                            </userDefinedRuntimeAttribute>
                            <userDefinedRuntimeAttribute type="string" keyPath="analyticsName" value="welcome"/>
                        </userDefinedRuntimeAttributes>
                        <accessibility key="accessibilityConfiguration" label="Greeting" identifier="welcome.label"/>
                    </label>
                    <fancyWidget sparkle="high" id="fw">
                        <glow key="glow" level="3"/>
                    </fancyWidget>
                </subviews>
                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
            </view>
        </objects>
        <resources>
            <image name="arrow" width="16" height="16"/>
        </resources>
    </document>
    """

    /// macOS xib: File's Owner / First Responder / Application custom objects, a window with its
    /// content view, a menu, a binding with options, an action to First Responder.
    static let macXib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
        <objects>
            <customObject id="-2" userLabel="File's Owner" customClass="AppController"/>
            <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
            <customObject id="-3" userLabel="Application" customClass="NSObject"/>
            <window title="Main" id="w1">
                <rect key="contentRect" x="100" y="100" width="480" height="270"/>
                <view key="contentView" id="cv">
                    <rect key="frame" x="0.0" y="0.0" width="480" height="270"/>
                    <subviews>
                        <button id="b1">
                            <rect key="frame" x="20" y="20" width="100" height="32"/>
                            <buttonCell key="cell" type="push" title="Save" id="b1c"/>
                            <connections>
                                <action selector="save:" target="-2" id="x1"/>
                                <binding destination="-2" name="enabled" keyPath="canSave" id="x2">
                                    <dictionary key="options">
                                        <string key="NSValueTransformerName">NSNegateBoolean</string>
                                    </dictionary>
                                </binding>
                            </connections>
                        </button>
                        <customView id="graph" customClass="GraphView">
                            <rect key="frame" x="140" y="20" width="300" height="200"/>
                        </customView>
                    </subviews>
                </view>
                <connections>
                    <outlet property="delegate" destination="-2" id="x3"/>
                </connections>
            </window>
            <menu title="Main Menu" systemMenu="main" id="m1">
                <items>
                    <menuItem title="Edit" id="mi1">
                        <menu key="submenu" title="Edit" id="m2">
                            <items>
                                <menuItem title="Copy" keyEquivalent="c" id="mi2">
                                    <connections>
                                        <action selector="copy:" target="-1" id="x4"/>
                                    </connections>
                                </menuItem>
                            </items>
                        </menu>
                    </menuItem>
                </items>
            </menu>
        </objects>
    </document>
    """

    /// iOS storyboard: navigation controller → root view controller (relationship), a show segue,
    /// an unwind to Exit, a storyboard reference, a storyboard identifier.
    static let iOSStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="nav">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar"/>
                        <connections>
                            <segue destination="home" kind="relationship" relationship="rootViewController" id="g1"/>
                        </connections>
                    </navigationController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <scene sceneID="s2">
                <objects>
                    <viewController storyboardIdentifier="Home" id="home" customClass="HomeViewController" customModule="App" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="hv">
                            <subviews>
                                <button id="go">
                                    <connections>
                                        <segue destination="detail" kind="show" identifier="showDetail" id="g2"/>
                                        <segue destination="ref" kind="presentation" id="g3"/>
                                    </connections>
                                </button>
                            </subviews>
                        </view>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr2" sceneMemberID="firstResponder"/>
                    <exit id="exit2" userLabel="Exit" sceneMemberID="exit"/>
                    <viewControllerPlaceholder storyboardName="Settings" referencedIdentifier="Root" id="ref" sceneMemberID="viewController"/>
                </objects>
            </scene>
            <scene sceneID="s3">
                <objects>
                    <viewController id="detail" sceneMemberID="viewController">
                        <view key="view" id="dv">
                            <subviews>
                                <button id="back">
                                    <connections>
                                        <action selector="unwindHome:" destination="exit3" id="u1"/>
                                    </connections>
                                </button>
                            </subviews>
                        </view>
                    </viewController>
                    <exit id="exit3" userLabel="Exit" sceneMemberID="exit"/>
                </objects>
            </scene>
        </scenes>
    </document>
    """

    /// IB 3 archive format (`designable.nib`): object records, an outlet, an action (target as
    /// `source`), a binding, a flattened custom class, a base64 name, an `NSMutableString` class name.
    static let archiveXib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="7.10">
    \t<data>
    \t\t<string key="IBDocument.InterfaceBuilderVersion">1306</string>
    \t\t<object class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
    \t\t\t<object class="NSCustomObject" id="1001">
    \t\t\t\t<object class="NSMutableString" key="NSClassName"><characters key="NS.bytes">Controller</characters></object>
    \t\t\t</object>
    \t\t\t<object class="NSCustomObject" id="1003"><string key="NSClassName">FirstResponder</string></object>
    \t\t\t<object class="NSCustomObject" id="1004"><string key="NSClassName">NSApplication</string></object>
    \t\t\t<object class="NSCustomView" id="1005">
    \t\t\t\t<object class="NSMutableArray" key="NSSubviews">
    \t\t\t\t\t<object class="NSButton" id="2001">
    \t\t\t\t\t\t<string key="NSFrame">{{20, 20}, {80, 32}}</string>
    \t\t\t\t\t\t<int key="NSTag">3</int>
    \t\t\t\t\t</object>
    \t\t\t\t</object>
    \t\t\t\t<string key="NSClassName">NSView</string>
    \t\t\t</object>
    \t\t</object>
    \t\t<object class="IBObjectContainer" key="IBDocument.Objects">
    \t\t\t<object class="NSMutableArray" key="connectionRecords">
    \t\t\t\t<object class="IBConnectionRecord">
    \t\t\t\t\t<object class="IBOutletConnection" key="connection">
    \t\t\t\t\t\t<string key="label" id="77">button</string>
    \t\t\t\t\t\t<reference key="source" ref="1001"/>
    \t\t\t\t\t\t<reference key="destination" ref="2001"/>
    \t\t\t\t\t</object>
    \t\t\t\t\t<int key="connectionID">10</int>
    \t\t\t\t</object>
    \t\t\t\t<object class="IBConnectionRecord">
    \t\t\t\t\t<object class="IBActionConnection" key="connection">
    \t\t\t\t\t\t<string key="label">press:</string>
    \t\t\t\t\t\t<reference key="source" ref="1001"/>
    \t\t\t\t\t\t<reference key="destination" ref="2001"/>
    \t\t\t\t\t</object>
    \t\t\t\t\t<int key="connectionID">11</int>
    \t\t\t\t</object>
    \t\t\t\t<object class="IBConnectionRecord">
    \t\t\t\t\t<object class="IBBindingConnection" key="connection">
    \t\t\t\t\t\t<string key="label">hidden: isBusy</string>
    \t\t\t\t\t\t<reference key="source" ref="2001"/>
    \t\t\t\t\t\t<reference key="destination" ref="1001"/>
    \t\t\t\t\t\t<object class="NSNibBindingConnector" key="connector">
    \t\t\t\t\t\t\t<string key="NSBinding">hidden</string>
    \t\t\t\t\t\t\t<string key="NSKeyPath">isBusy</string>
    \t\t\t\t\t\t</object>
    \t\t\t\t\t</object>
    \t\t\t\t\t<int key="connectionID">12</int>
    \t\t\t\t</object>
    \t\t\t\t<object class="IBConnectionRecord">
    \t\t\t\t\t<object class="IBOutletConnection" key="connection">
    \t\t\t\t\t\t<reference key="label" ref="77"/>
    \t\t\t\t\t\t<reference key="source" ref="1005"/>
    \t\t\t\t\t\t<reference key="destination" ref="9999"/>
    \t\t\t\t\t</object>
    \t\t\t\t\t<int key="connectionID">13</int>
    \t\t\t\t</object>
    \t\t\t</object>
    \t\t\t<object class="IBMutableOrderedSet" key="objectRecords">
    \t\t\t\t<object class="NSArray" key="orderedObjects">
    \t\t\t\t\t<object class="IBObjectRecord"><int key="objectID">0</int><object class="NSArray" key="object" id="1002"/><reference key="children" ref="1000"/><nil key="parent"/></object>
    \t\t\t\t\t<object class="IBObjectRecord"><int key="objectID">-2</int><reference key="object" ref="1001"/><reference key="parent" ref="1002"/><string type="base64-UTF8" key="objectName">RmlsZSdzIE93bmVyA</string></object>
    \t\t\t\t\t<object class="IBObjectRecord"><int key="objectID">-1</int><reference key="object" ref="1003"/><reference key="parent" ref="1002"/><string key="objectName">First Responder</string></object>
    \t\t\t\t\t<object class="IBObjectRecord"><int key="objectID">-3</int><reference key="object" ref="1004"/><reference key="parent" ref="1002"/><string key="objectName">Application</string></object>
    \t\t\t\t\t<object class="IBObjectRecord"><int key="objectID">1</int><reference key="object" ref="1005"/><reference key="parent" ref="1002"/></object>
    \t\t\t\t\t<object class="IBObjectRecord"><int key="objectID">5</int><reference key="object" ref="2001"/><reference key="parent" ref="1005"/><string key="objectName">Push Button</string></object>
    \t\t\t\t</object>
    \t\t\t</object>
    \t\t\t<dictionary class="NSMutableDictionary" key="flattenedProperties">
    \t\t\t\t<string key="1.CustomClassName">PanelView</string>
    \t\t\t</dictionary>
    \t\t</object>
    \t</data>
    </archive>
    """
}
