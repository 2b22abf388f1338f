import Foundation
import SourceIndex
import SwiftSourceParser
import Testing
import TestSupport

/// Uses of outlets that the readers record for `outlet-not-connected`'s ranking: Objective-C
/// instance variables used bare, and the receiver's class of a use on another object where the
/// code states it (``OutletUse/receiverType``).
@Suite struct OutletReceiverTests {
    @Test func objectiveCInstanceVariablesUsedBareAreUses() throws {
        let text = """
            @interface AppDelegate : NSObject {
                IBOutlet NSMenuItem *extendBackwardsItem, *processListMenuItem;
                IBOutlet NSTextField *field;
            }
            @end
            @implementation AppDelegate
            - (void)awakeFromNib {
                [extendBackwardsItem setKeyEquivalentModifierMask:[extendBackwardsItem keyEquivalentModifierMask] | 1];
                [self take:field];
            }
            - (void)clear:(NSTextField *)field {
                NSMenuItem *processListMenuItem = nil;
                [other processListMenuItem:processListMenuItem];
                [field setStringValue:@""];
            }
            @end
            """
        let facts = ObjCSourceReader.read(text, file: "AppDelegate.m")
        let index = SourceIndex([facts])
        let app = try #require(index.class(named: "AppDelegate"))
        #expect(app.outlets.map(\.name) == ["extendBackwardsItem", "processListMenuItem", "field"])
        let own = app.outletUses.filter { !$0.isOnOtherObject }
        // The ivar as a receiver and as an argument; a parameter or a local of the same name
        // shadows it (clear:), a selector part is no use.
        #expect(own.map(\.outlet) == ["extendBackwardsItem", "field"])
        #expect(own.map(\.method) == ["awakeFromNib", "awakeFromNib"])
        #expect(own.first?.location == SourceLocation(file: "AppDelegate.m", line: 8, column: 6))
    }

    @Test func objectiveCReceiversOfStatedClass() throws {
        let text = """
            @implementation Feed
            - (void)fill:(DetailCell *)cell from:(id)any {
                cell.titleLabel.text = @"";
                any.titleLabel.text = @"";
                Header *header = [Header new];
                [header titleLabel];
            }
            @end
            """
        let uses = ObjCSourceReader.read(text, file: "Feed.m").classes[0].outletUses.filter { $0.outlet == "titleLabel" }
        #expect(uses.map(\.receiverType) == ["DetailCell", nil, "Header"])
        #expect(uses.allSatisfy { $0.isOnOtherObject })
    }

    @Test func swiftReceiversOfStatedClass() throws {
        let text = """
            final class Feed: UIViewController {
                func configure(_ cell: DetailCell?, any: AnyObject) {
                    cell?.titleLabel.text = ""
                    let vc = segue.destination as! DetailViewController
                    vc.titleLabel.text = ""
                    if let other = sender as? OtherViewController { other.titleLabel.text = "" }
                    (segue.destination as? ThirdViewController)?.titleLabel.text = ""
                    let made = FourthViewController()
                    made.titleLabel.isHidden = true
                    DispatchQueue.main.async { vc.titleLabel.text = "" }
                    unknown.titleLabel.text = ""
                }
            }
            """
        let facts = try #require(SwiftSourceReader.available).read(text, file: "Feed.swift", module: "App")
        let uses = facts.classes[0].outletUses.filter { $0.outlet == "titleLabel" }
        #expect(uses.map(\.receiverType) == ["DetailCell", "DetailViewController", "OtherViewController", "ThirdViewController",
                                             "FourthViewController", "DetailViewController", nil])
        #expect(uses.allSatisfy { $0.isOnOtherObject })
    }
}
