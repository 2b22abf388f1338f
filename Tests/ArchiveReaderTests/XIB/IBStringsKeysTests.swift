import Foundation
import Testing
@testable import ArchiveReader
import NibModel
import NibWriters

/// The keys and comments of issue 28, each as ibtool writes it (the ibtool lines quoted are from
/// the generated translations of Tests/Conformance/strings), in every export format.
@Suite("IBStrings keys")
struct IBStringsKeysTests {
    static let mac = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa">
        <objects>
            <window title="Console" customClass="NSPanel" id="6">
                <view key="contentView" id="5">
                    <subviews>
                        <segmentedControl id="sc1">
                            <segmentedCell key="cell" id="llr-mj-aZX">
                                <segments>
                                    <segment toolTip="Find previous match." image="NSGoLeftTemplate"/>
                                    <segment label="Next" toolTip="Find next match." tag="1"/>
                                </segments>
                            </segmentedCell>
                        </segmentedControl>
                        <textField toolTip="File Size" id="tf1">
                            <textFieldCell key="cell" title="Label" id="tc1"/>
                            <accessibility description="Find"/>
                            <connections>
                                <binding destination="x" name="value" keyPath="a" id="OkV-p5-aaB">
                                    <dictionary key="options">
                                        <string key="NSMultipleValuesPlaceholder"> - </string>
                                        <string key="NSNoSelectionPlaceholder">no selection</string>
                                        <string key="NSNotApplicablePlaceholder">n/a</string>
                                        <string key="NSNullPlaceholder">No Block</string>
                                        <bool key="NSValidatesImmediately" value="YES"/>
                                    </dictionary>
                                </binding>
                                <binding destination="x" name="displayPatternValue1" keyPath="b" id="e2G-16-MxZ">
                                    <dictionary key="options">
                                        <string key="NSDisplayPattern">installed at %{value1}@</string>
                                    </dictionary>
                                </binding>
                            </connections>
                            <userDefinedRuntimeAttributes>
                                <userDefinedRuntimeAttribute type="string" keyPath="plain" value="Not me"/>
                                <userDefinedRuntimeAttribute type="string" keyPath="hint" value="Hello" localized="YES"/>
                            </userDefinedRuntimeAttributes>
                        </textField>
                        <popUpButton id="pb1">
                            <popUpButtonCell key="cell" title="Item 1" id="pc1">
                                <menu key="menu" id="m1">
                                    <items>
                                        <menuItem title="Item 1" toolTip="First" id="mi1">
                                            <attributedString key="userComments">
                                                <fragment content="Do not &quot;localize&quot;"/>
                                            </attributedString>
                                        </menuItem>
                                    </items>
                                </menu>
                            </popUpButtonCell>
                        </popUpButton>
                        <textField id="tf2">
                            <textFieldCell key="cell" title="Warning Label" id="kYn-pW-tq6"/>
                            <attributedString key="userComments">
                                <fragment content="Do not localize"/>
                            </attributedString>
                        </textField>
                        <comboButton title="Find All" toolTip="List all matches." id="s5c-oi-12M"/>
                        <tableView id="tv1">
                            <tableColumns>
                                <tableColumn headerToolTip="Regular Expression" id="VtR-Qz-MBf">
                                    <tableHeaderCell key="headerCell" title="RE" id="hc1"/>
                                </tableColumn>
                            </tableColumns>
                        </tableView>
                    </subviews>
                </view>
                <toolbar key="toolbar" id="tb1">
                    <allowedToolbarItems>
                        <toolbarItem label="Share" paletteLabel="Share" toolTip="Share the document" id="ti1"/>
                    </allowedToolbarItems>
                </toolbar>
            </window>
        </objects>
    </document>
    """

    static let iOS = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
        <objects>
            <searchBar placeholder="Search" id="sb1">
                <scopeButtonTitles>
                    <string>All</string>
                    <string>Unread</string>
                </scopeButtonTitles>
            </searchBar>
            <segmentedControl id="NJH-oV-DbS">
                <segments>
                    <segment title="All Bookmarks"/>
                    <segment title="Favorites"/>
                </segments>
            </segmentedControl>
            <button id="8Ec-67-0A8">
                <state key="normal" title="Button"/>
                <buttonConfiguration key="configuration" style="plain">
                    <attributedString key="attributedTitle">
                        <fragment content="Link"/>
                    </attributedString>
                </buttonConfiguration>
            </button>
        </objects>
    </document>
    """

    static func comments(_ xml: String) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try IBStrings.extract(xml: Array(xml.utf8)).map { ($0.key, $0.comment) })
    }

    @Test func appKitKeysAndComments() throws {
        let c = try Self.comments(Self.mac)
        #expect(c["llr-mj-aZX.ibShadowedToolTips[0]"] == #"Class = "NSSegmentedCell"; llr-mj-aZX.ibShadowedToolTips[0] = "Find previous match."; ObjectID = "llr-mj-aZX";"#)
        #expect(c["llr-mj-aZX.ibShadowedToolTips[1]"] != nil && c["llr-mj-aZX.ibShadowedLabels[1]"] != nil)
        #expect(c["llr-mj-aZX.ibShadowedLabels[0]"] == nil)
        #expect(c["OkV-p5-aaB.ibShadowedIsNilPlaceholder"] == #"Class = "CocoaBindingsConnection"; ibShadowedIsNilPlaceholder = "No Block"; ObjectID = "OkV-p5-aaB";"#)
        for p in ["ibShadowedMultipleValuesPlaceholder", "ibShadowedNoSelectionPlaceholder", "ibShadowedNotApplicablePlaceholder"] {
            #expect(c["OkV-p5-aaB.\(p)"] != nil, "\(p)")
        }
        #expect(c["e2G-16-MxZ.ibShadowedDisplayPattern"] == #"Class = "CocoaBindingsConnection"; ibShadowedDisplayPattern = "installed at %{value1}@"; ObjectID = "e2G-16-MxZ";"#)
        #expect(c["tf1.ibExternalUserDefinedRuntimeAttributesLocalizableStrings[0]"]
            == #"Class = "NSTextField"; tf1.ibExternalUserDefinedRuntimeAttributesLocalizableStrings[0] = "Hello"; ObjectID = "tf1";"#)
        #expect(c["tf1.ibExternalAccessibilityDescription"] == #"Class = "NSTextField"; ibExternalAccessibilityDescription = "Find"; ObjectID = "tf1";"#)
        #expect(c["tf1.ibShadowedToolTip"] != nil)
        #expect(c["VtR-Qz-MBf.headerToolTip"] == #"Class = "NSTableColumn"; headerToolTip = "Regular Expression"; ObjectID = "VtR-Qz-MBf";"#)
        #expect(c["ti1.toolTip"] == #"Class = "NSToolbarItem"; toolTip = "Share the document"; ObjectID = "ti1";"#)
        #expect(c["ti1.ibShadowedToolTip"] == nil)
        // No pop-up cell title, no combo button title; the menu item and the combo button's tool tip.
        #expect(c["pc1.title"] == nil && c["s5c-oi-12M.title"] == nil)
        #expect(c["s5c-oi-12M.ibShadowedToolTip"] == #"Class = "NSComboButton"; ibShadowedToolTip = "List all matches."; ObjectID = "s5c-oi-12M";"#)
        #expect(c["mi1.title"] == #"Class = "NSMenuItem"; title = "Item 1"; ObjectID = "mi1"; Note = "Do not \"localize\"";"#)
        #expect(c["mi1.ibShadowedToolTip"] != nil)
        // A control's Comment for Localizer covers its cell's title (KeepingYouAwake).
        #expect(c["kYn-pW-tq6.title"] == #"Class = "NSTextFieldCell"; title = "Warning Label"; ObjectID = "kYn-pW-tq6"; Note = "Do not localize";"#)
        // ibtool names a window of class NSPanel NSWindow (since Xcode 9).
        #expect(c["6.title"] == #"Class = "NSWindow"; title = "Console"; ObjectID = "6";"#)
    }

    @Test func uiKitKeysAndComments() throws {
        let c = try Self.comments(Self.iOS)
        #expect(c["sb1.scopeButtonTitles[1]"] == #"Class = "UISearchBar"; sb1.scopeButtonTitles[1] = "Unread"; ObjectID = "sb1";"#)
        #expect(c["NJH-oV-DbS.segmentTitles[0]"] == #"Class = "UISegmentedControl"; NJH-oV-DbS.segmentTitles[0] = "All Bookmarks"; ObjectID = "NJH-oV-DbS";"#)
        #expect(c["8Ec-67-0A8.configuration.title"] == #"Class = "UIButton"; configuration.title = "Link"; ObjectID = "8Ec-67-0A8";"#)
        #expect(c["8Ec-67-0A8.normalTitle"] != nil)
    }

    /// The note and the list key reach every format: the comment of XLIFF's `<note>`, the String
    /// Catalog's `comment`, JSON's `note` member.
    @Test func everyFormatCarriesTheComment() throws {
        let strings = try IBStrings.extract(xml: Array(Self.mac.utf8))
        let table = [StringsTable(name: "Console.xib", strings: strings, bestEffort: false)]
        let text = StringsExport.strings(table, headings: false)
        #expect(text.contains("/* Class = \"NSSegmentedCell\"; llr-mj-aZX.ibShadowedToolTips[0] = \"Find previous match.\"; ObjectID = \"llr-mj-aZX\"; */\n\"llr-mj-aZX.ibShadowedToolTips[0]\" = \"Find previous match.\";"))
        let xliff = StringsExport.xliff(table, utf16: false, toolVersion: "test")
        #expect(xliff.contains("<note>Class = \"NSMenuItem\"; title = \"Item 1\"; ObjectID = \"mi1\"; Note = \"Do not \\\"localize\\\"\";</note>"))
        #expect(xliff.contains("<trans-unit id=\"tf1.ibExternalUserDefinedRuntimeAttributesLocalizableStrings[0]\""))
        let catalog = StringsExport.xcstrings(table)
        #expect(catalog.contains(#""comment" : "Class = \"CocoaBindingsConnection\"; ibShadowedIsNilPlaceholder = \"No Block\"; ObjectID = \"OkV-p5-aaB\";""#))
        let json = StringsExport.json(table, withFile: false)
        #expect(json.contains(#""note" : "Do not \"localize\"""#))
        #expect(json.contains(#""key" : "VtR-Qz-MBf.headerToolTip""#))
    }
}
