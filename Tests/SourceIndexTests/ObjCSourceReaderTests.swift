import Foundation
import Testing
import TestSupport
@testable import SourceIndex

@Suite struct ObjCSourceReaderTests {
    func read(_ text: String, file: String = "T.m") -> SourceFileFacts { ObjCSourceReader.read(text, file: file) }

    // MARK: Classes

    @Test func interfaceGivesSuperclassAndDeclaration() {
        let facts = read("""
            @class Other;
            @interface Profile : UIViewController <UITableViewDelegate, Foo>
            @end
            """, file: "Profile.h")
        #expect(facts.language == .objectiveC)
        #expect(facts.problems.isEmpty)
        let c = facts.classes.first
        #expect(facts.classes.count == 1)
        #expect(c?.name == "Profile")
        #expect(c?.superclass == "UIViewController")
        #expect(c?.module == nil)
        #expect(c?.language == .objectiveC)
        #expect(c?.declarations == [SourceLocation(file: "Profile.h", line: 2, column: 12)])
        #expect(c?.extensions == [])
    }

    @Test func extensionsCategoriesAndImplementationsAreExtensions() {
        let facts = read("""
            @interface A ()
            @end
            @interface A (Extras)
            @end
            @implementation A
            @end
            @implementation A (Extras)
            @end
            @interface Box<ObjectType> : NSObject
            @end
            """)
        #expect(facts.problems.isEmpty)
        #expect(facts.classes.map(\.name) == ["A", "A", "A", "A", "Box"])
        #expect(facts.classes.prefix(4).allSatisfy { $0.declarations.isEmpty && $0.extensions.count == 1 && $0.superclass == nil })
        #expect(facts.classes[1].extensions.first?.line == 3)
        #expect(facts.classes[4].superclass == "NSObject")
        #expect(facts.classes[4].declarations.first?.line == 9)
    }

    // MARK: Properties and instance variables

    @Test func outletInstanceVariablesKeepTheirNames() {
        let facts = read("""
            @interface W : NSWindowController {
                NSString *title;
                IBOutlet NSButton *okButton, *_cancel;
                @private
                IBOutlet __weak NSTextField *field;
                struct { int a; int b; } pair;
                unsigned flag : 1;
            }
            @end
            """)
        let props = facts.classes.first?.properties ?? []
        #expect(props.map(\.name) == ["okButton", "_cancel", "field"])
        #expect(props.allSatisfy { $0.isOutlet })
        #expect(props.map(\.type) == ["NSButton", "NSButton", "NSTextField"])
        #expect(props.map(\.isWeak) == [false, false, true])
        #expect(props.first?.location == SourceLocation(file: "T.m", line: 3, column: 24))
        #expect(facts.problems.isEmpty)
    }

    @Test func outletPropertyAttributesAndNullability() {
        let facts = read("""
            @interface V : UIViewController
            @property (nonatomic, weak, nullable) IBOutlet UILabel *titleLabel;
            @property (nonatomic, strong) IBOutlet UIView * _Nonnull header;
            @property (nonatomic, assign) IBOutlet UIView *plain;
            @property (nonatomic, unsafe_unretained) IBOutlet UIView *unretained;
            @property (nonatomic, strong) IBOutlet UIView *strongView;
            @property (nonatomic) IBOutlet __weak UIView * __nullable qualified;
            @property (nonatomic, assign) NSInteger count;
            @property (nonatomic, copy) NSString *name;
            @end
            """)
        let c = facts.classes[0]
        let title = c.property("titleLabel")
        #expect(title?.type == "UILabel")
        #expect(title?.isOutlet == true)
        #expect(title?.isWeak == true)
        #expect(title?.optionality == .optional)
        #expect(title?.location == SourceLocation(file: "T.m", line: 2, column: 57))
        #expect(c.property("header")?.optionality == .nonOptional)
        #expect(c.property("header")?.isWeak == false)
        #expect(c.property("plain")?.isWeak == true)
        #expect(c.property("plain")?.optionality == .implicitlyUnwrapped)
        #expect(c.property("unretained")?.isWeak == true)
        #expect(c.property("strongView")?.isWeak == false)
        #expect(c.property("qualified")?.isWeak == true)
        #expect(c.property("qualified")?.optionality == .optional)
        #expect(c.property("count")?.isWeak == false)   // assign on a scalar
        #expect(c.property("count")?.isOutlet == false)
        #expect(c.property("name")?.isOutlet == false)
        #expect(c.property("name")?.type == "NSString")
        #expect(c.outlets.count == 6)
        #expect(facts.problems.isEmpty)
    }

    @Test func assumeNonnullRegions() {
        let facts = read("""
            NS_ASSUME_NONNULL_BEGIN
            @interface V : NSView
            @property (weak) IBOutlet NSView *a;
            @property (weak, nullable) IBOutlet NSView *b;
            @property (weak) IBOutlet NSView * _Null_unspecified c;
            @end
            NS_ASSUME_NONNULL_END
            @interface W : NSView
            @property (weak) IBOutlet NSView *d;
            @end
            #pragma clang assume_nonnull begin
            @interface X : NSView
            @property (weak) IBOutlet NSView *e;
            @end
            #pragma clang assume_nonnull end
            """)
        let all = facts.classes.flatMap(\.properties)
        #expect(all.map(\.name) == ["a", "b", "c", "d", "e"])
        #expect(all.map(\.optionality) == [.nonOptional, .optional, .implicitlyUnwrapped, .implicitlyUnwrapped, .nonOptional])
    }

    @Test func outletCollectionsInspectablesAndSeveralDeclarators() {
        let facts = read("""
            @interface V : UIView
            @property (nonatomic, strong) IBOutletCollection(UIButton) NSArray *buttons;
            @property (nonatomic) IBInspectable CGFloat cornerRadius;
            @property (nonatomic, weak) IBOutlet UILabel *a, *b;
            @property (nonatomic, copy) NSArray<NSString *> *names;
            @property (nonatomic, copy) NSDictionary<NSString *, NSArray<id> *> *map;
            @property (nonatomic, weak) id<UITableViewDelegate> delegate;
            @property (nonatomic, readonly) unsigned long long total;
            @end
            """)
        let c = facts.classes[0]
        let buttons = c.property("buttons")
        #expect(buttons?.isOutlet == true)
        #expect(buttons?.isCollection == true)
        #expect(buttons?.elementType == "UIButton")
        #expect(buttons?.type == "NSArray")
        #expect(c.property("cornerRadius")?.isInspectable == true)
        #expect(c.property("cornerRadius")?.isOutlet == false)
        #expect(c.property("cornerRadius")?.type == "CGFloat")
        #expect(c.property("a")?.isOutlet == true)
        #expect(c.property("b")?.isOutlet == true)
        #expect(c.property("b")?.type == "UILabel")
        #expect(c.property("b")?.location.column == 51)
        #expect(c.property("names")?.type == "NSArray<NSString *>")
        #expect(c.property("map")?.type == "NSDictionary<NSString *, NSArray<id> *>")
        #expect(c.property("delegate")?.type == "id<UITableViewDelegate>")
        #expect(c.property("delegate")?.isWeak == true)
        #expect(c.property("total")?.type == "unsigned long long")
        #expect(c.properties.count == 8)
        #expect(facts.problems.isEmpty)
    }

    @Test func blockAndFunctionPointerPropertiesAndMacros() {
        let facts = read("""
            @interface V : NSObject
            @property (nonatomic, copy, nullable) void (^completion)(BOOL finished, NSError * _Nullable error);
            @property (nonatomic) int (*compare)(const void *, const void *);
            @property (nonatomic, copy) NSString *(^formatter)(id value) API_AVAILABLE(macos(10.12));
            @property (nonatomic, readonly) NSString *version NS_AVAILABLE(10_5, 2_0) __attribute__((deprecated("x")));
            @property (class, readonly) V *shared UI_APPEARANCE_SELECTOR;
            @property (weak) IBOutlet NSButton *after;
            @end
            """)
        let c = facts.classes[0]
        #expect(c.properties.map(\.name) == ["completion", "compare", "formatter", "version", "shared", "after"])
        #expect(c.property("completion")?.type == "void (^)(BOOL finished, NSError * _Nullable error)")
        #expect(c.property("completion")?.optionality == .optional)
        #expect(c.property("compare")?.type == "int (*)(const void *, const void *)")
        #expect(c.property("after")?.isOutlet == true)
        #expect(facts.problems.isEmpty)
    }

    // MARK: Methods

    @Test func methodsGiveSelectorsAndActions() {
        let facts = read("""
            @interface V : UIViewController
            - (IBAction)save:(id)sender;
            - (void)tap:(id)s forEvent:(UIEvent *)e;
            - (void)reload;
            + (instancetype)controller;
            - (instancetype)initWithName:(NSString *)name NS_DESIGNATED_INITIALIZER;
            - (void)log:(NSString *)format, ... NS_FORMAT_FUNCTION(1,2);
            - (void)pair:(id)a :(id)b;
            - (IBAction)close:(id)sender API_AVAILABLE(ios(13.0));
            @end
            @implementation V
            - (IBAction)undeclared:(UIButton *)sender {
                [self reload];
            }
            + (void)load { }
            - (void)reload
            {
            }
            @end
            """)
        let methods = facts.classes.flatMap(\.methods)
        #expect(methods.map(\.selector) == ["save:", "tap:forEvent:", "reload", "initWithName:", "log:", "pair::", "close:",
                                            "undeclared:", "reload"])
        #expect(methods.filter(\.isAction).map(\.selector) == ["save:", "close:", "undeclared:"])
        #expect(methods.allSatisfy { $0.isObjCVisible && $0.displayName == $0.selector })
        #expect(methods.first?.location == SourceLocation(file: "T.m", line: 2, column: 13))
        #expect(facts.problems.isEmpty)
    }

    // MARK: Outlet uses

    @Test func outletUsesInMethodBodies() {
        let facts = read("""
            @implementation V
            - (instancetype)initWithCoder:(NSCoder *)coder {
                if ((self = [super initWithCoder:coder])) { self.titleLabel.text = @"x"; _header = nil; }
                return self;
            }
            - (void)awakeFromNib {
                [self.titleLabel setText:@""];
                [[self titleLabel] sizeToFit];
                [self titleLabel];
            }
            - (void)viewDidLoad {
                [super viewDidLoad];
                if (^{ return self.footer; }()) { [self setNeedsLayout:YES]; }
                other.label = nil;
            }
            - (void)prepareForSegue:(UIStoryboardSegue *)segue sender:(id)sender {
                Detail *d = segue.destinationViewController;
                d.nameLabel.text = @"";
                [[d nameLabel] setText:@""];
                ((Detail *)segue.destinationViewController).photo.image = nil;
                self.footer = nil;
            }
            @end
            """)
        let uses = facts.classes[0].outletUses
        func names(_ method: String, other: Bool = false) -> [String] {
            uses.filter { $0.method == method && $0.isOnOtherObject == other }.map(\.outlet)
        }
        #expect(names("initWithCoder:") == ["titleLabel", "header"])
        #expect(names("awakeFromNib") == ["titleLabel"])
        #expect(uses.first { $0.method == "awakeFromNib" }?.location == SourceLocation(file: "T.m", line: 7, column: 11))
        // `other` alone may be an instance variable: recorded (SourceIndex keeps outlets only).
        #expect(names("viewDidLoad") == ["footer", "other"])
        #expect(names("prepare(for:sender:)") == ["footer"])
        #expect(names("prepare(for:sender:)", other: true) == ["destinationViewController", "nameLabel", "text", "photo", "image"])
        #expect(facts.problems.isEmpty)
    }

    // MARK: Literals

    @Test func literalsNamingSeguesScenesAndNibs() {
        let facts = read("""
            static void helper(void) { [NSStoryboard storyboardWithName:@"Free" bundle:nil]; }
            @implementation V
            - (void)go {
                [self performSegueWithIdentifier:@"showDetail" sender:self];
                [self.storyboard instantiateViewControllerWithIdentifier:@"Detail"];
                [sb instantiateControllerWithIdentifier:@"Prefs"];
                [UIStoryboard storyboardWithName:@"Main" bundle:nil];
                [[V alloc] initWithNibName:@"V" bundle:nil];
                [UINib nibWithNibName:@"Cell" bundle:nil];
                [NSBundle.mainBundle loadNibNamed:@"View" owner:self topLevelObjects:nil];
                [[NSWindowController alloc] initWithWindowNibName:@"Window"];
                [[NSNib alloc] initWithNibNamed:@"Nib" bundle:nil];
                [self performSegueWithIdentifier:@"a" @"b" sender:nil];
                [self performSegueWithIdentifier:name sender:nil];
                [self performSegueWithIdentifier:@"q\\"uote" sender:nil];
                NSLog(@"initWithNibName:@\\"Nope\\"");
            }
            @end
            """)
        // (Controllers made in code, `createdClass`, are the app map's: PresentationReaderTests.)
        let got = facts.literals.filter { $0.kind != .createdClass }.map { "\($0.kind.rawValue) \($0.value) \($0.enclosingClass ?? "-") \($0.location.line)" }
        #expect(got == [
            "storyboardName Free - 1",
            "segueIdentifier showDetail V 4",
            "storyboardIdentifier Detail V 5",
            "storyboardIdentifier Prefs V 6",
            "storyboardName Main V 7",
            "nibName V V 8",
            "nibName Cell V 9",
            "nibName View V 10",
            "nibName Window V 11",
            "nibName Nib V 12",
            "segueIdentifier q\"uote V 15",
        ])
        #expect(facts.literals.first?.location.column == 61)
    }

    // MARK: Skipped constructs

    @Test func protocolsFunctionsEnumsAndPreprocessorAreSkipped() {
        let facts = read("""
            #import <UIKit/UIKit.h>
            #define OUTLET(x) \\
                IBOutlet UIView *x; @interface Fake : NSObject
            @protocol Forward, Other;
            @protocol Delegate <NSObject>
            - (IBAction)protocolMethod:(id)sender;
            @property (weak) IBOutlet UIView *protocolOutlet;
            @end
            typedef NS_ENUM(NSInteger, Mode) { ModeA = -1, ModeB };
            typedef struct { CGFloat x; } Point2;
            static inline int twice(int x) { return x * 2; }
            extern NSString *const Key __attribute__((visibility("default")));
            #if 0
            @interface Dead : NSObject
            #else
            @interface Live : NSObject
            #endif
            #if TARGET_OS_IPHONE
            - (IBAction)phone:(id)sender;
            #elif TARGET_OS_OSX
            - (IBAction)mac:(id)sender;
            #endif
            @end
            @implementation Live
            @synthesize foo = _foo;
            @dynamic bar;
            static int counter = -1;
            - (void)check { if (@protocol(Delegate)) {} /* } */ // }
                char c = '}'; NSString *s = @"}"; (void)s; (void)c;
            }
            @end
            """)
        #expect(facts.classes.map(\.name) == ["Live", "Live"])
        #expect(facts.classes[0].superclass == "NSObject")
        #expect(facts.classes.flatMap(\.methods).map(\.selector) == ["phone:", "check"])
        #expect(facts.classes.flatMap(\.properties).isEmpty)
        #expect(facts.problems.isEmpty)
    }

    @Test func objectiveCPlusPlusIsSkipped() {
        let facts = read("""
            #include <vector>
            namespace hf { template <typename T> class Box { public: T value; Box() : value() {} }; }
            extern "C" {
            @interface Bridge : NSObject {
                std::vector<int> values;
                IBOutlet NSView *view;
            }
            - (void)run:(std::vector<int> &)v;
            @end
            }
            @implementation Bridge
            - (void)run:(std::vector<int> &)v { auto f = [&](int x) { return x > 1 && x < 3; }; [self.view setNeedsDisplay:YES]; }
            @end
            """, file: "Bridge.mm")
        #expect(facts.classes.map(\.name) == ["Bridge", "Bridge"])
        #expect(facts.classes[0].properties.map(\.name) == ["view"])
        #expect(ObjCSourceReader.read("@interface B { IBOutlet std::vector<int> *v; }\n@end", file: "B.mm")
            .classes.first?.properties.first?.type == "std::vector<int>")
        #expect(facts.classes.flatMap(\.methods).map(\.selector) == ["run:", "run:"])
        #expect(facts.classes[1].outletUses.map(\.outlet) == ["view"])
        #expect(facts.problems.isEmpty)
    }

    // MARK: Malformed input

    @Test func unterminatedCommentKeepsWhatParsed() {
        let facts = read("""
            @interface A : NSObject
            @property (weak) IBOutlet NSView *v;
            /* never closed
            @property (weak) IBOutlet NSView *w;
            """)
        #expect(facts.classes.first?.properties.map(\.name) == ["v"])
        #expect(facts.problems.map(\.description).contains("T.m:3: unterminated comment"))
        #expect(facts.problems.contains { $0.message.contains("has no @end") })
    }

    @Test func unclosedConditionalIsReported() {
        let facts = read("""
            @interface A : NSObject
            @end
            #if 0
            @interface B : NSObject
            @end
            """)
        #expect(facts.classes.map(\.name) == ["A"])
        #expect(facts.problems.map(\.description) == ["T.m:3: #if without #endif"])
    }

    @Test func unterminatedStringEndsAtItsLine() {
        let facts = read("""
            @implementation A
            - (void)go { NSLog(@"oops); }
            - (IBAction)next:(id)sender { }
            @end
            """)
        #expect(facts.problems.map(\.description) == ["T.m:2: no closing '}' for the body of go", "T.m:2: unterminated string literal"])
        #expect(facts.classes.first?.methods.map(\.selector) == ["go", "next:"])
    }

    @Test func unbalancedEndAndBraces() {
        let facts = read("""
            @end
            @implementation A
            - (void)open {
                if (x) {
            @end
            @interface B : NSObject
            - (IBAction)b:(id)sender;
            @end
            }
            """)
        #expect(facts.classes.map(\.name) == ["A", "B"])
        #expect(facts.classes[1].methods.map(\.selector) == ["b:"])
        #expect(facts.problems.map(\.description) == [
            "T.m:1: @end without @interface or @implementation",
            "T.m:3: no closing '}' for the body of open",
        ])
    }

    @Test func randomBytesNeverCrash() {
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("@interface@implementation@end@property IBOutlet(){}[]<>;:,*^-+\"'/\\#\n ".utf8)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<2000, using: &rng)).map { _ in
                Bool.random(using: &rng) ? alphabet.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
            }
            let facts = read(String(decoding: bytes, as: UTF8.self))
            #expect(facts.problems.count <= ObjCSourceReader.maxProblems + 1)
        }
    }

    @Test func deepNestingIsLinear() {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let open = String(repeating: "{", count: 100_000)
            _ = read(open)
            _ = read("@implementation A\n- (void)f " + open)
            _ = read("@interface A : B {" + open)
            _ = read("@interface A\n@property " + String(repeating: "(", count: 100_000))
            _ = read(String(repeating: "@interface A (", count: 20_000))
            _ = read(String(repeating: "- (", count: 50_000))
            _ = read(String(repeating: "#if 1\n", count: 50_000))
        }
        // A hang bound, not a speed figure (make bench measures speed): quadratic nesting takes
        // hours here; linear takes about 4 s in a debug build alone and 15 s beside the suite.
        #expect(elapsed < .seconds(120))
    }

    static let sample = """
        #import "A.h"
        NS_ASSUME_NONNULL_BEGIN
        @interface A () <P>
        @property (nonatomic, weak, nullable) IBOutlet UILabel *label; // "quote
        @property (nonatomic, copy) void (^done)(BOOL);
        @end
        @implementation A { IBOutlet NSView *_box; }
        - (IBAction)save:(id)sender forEvent:(UIEvent *)e {
            /* comment { */ [self performSegueWithIdentifier:@"seg\\"x" sender:nil];
            self.label.text = @'c';
        }
        - (void)prepareForSegue:(UIStoryboardSegue *)s sender:(id)x { [s.destinationViewController label]; }
        @end
        NS_ASSUME_NONNULL_END
        """

    @Test func truncatedAtEveryOffsetTerminates() {
        let bytes = Array(Self.sample.utf8)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for end in 0...bytes.count {
                _ = read(String(decoding: bytes[..<end], as: UTF8.self))
            }
        }
        let full = read(Self.sample)
        #expect(full.problems.isEmpty)
        #expect(full.classes.flatMap(\.outlets).map(\.name) == ["label", "_box"])
        #expect(elapsed < .seconds(120))   // a hang bound, not a speed figure
    }

    // MARK: HexFiend

    static let hexFiend = SharedProjects.root("HexFiend")

    @Test(.enabled(if: hexFiend != nil, SharedProjects.skipMessage("HexFiend")))
    func hexFiendHeadersGiveKnownFacts() throws {
        let root = try #require(Self.hexFiend)
        let reader = SourceCodeReader()
        let diff = reader.read(file: root.appendingPathComponent("app/sources/DiffDocument.h").path)
        let diffClass = try #require(diff.classes.first { $0.name == "DiffDocument" })
        #expect(diffClass.superclass == "BaseDataDocument")
        #expect(diffClass.declarations.map(\.line) == [7])
        #expect(diffClass.outlets.map(\.name) == ["leftTextView", "rightTextView", "diffTable", "textViewContainer", "scroller"])
        #expect(diffClass.outlets.map(\.location.line) == [10, 11, 12, 13, 22])
        #expect(diffClass.property("diffTable")?.type == "NSTableView")
        #expect(diffClass.property("leftFileName")?.isOutlet == false)
        #expect(diffClass.actions.map(\.selector) == ["scrollerDidChangeValue:"])
        #expect(diffClass.actions.first?.location.line == 46)
        #expect(diff.problems.isEmpty)

        let app = reader.read(file: root.appendingPathComponent("app/sources/AppDelegate.h").path)
        let delegate = try #require(app.classes.first { $0.name == "AppDelegate" })
        #expect(delegate.superclass == "NSObject")
        #expect(delegate.outlets.prefix(2).map(\.name) == ["extendForwardsItem", "extendBackwardsItem"])
        #expect(delegate.outlets.prefix(2).map(\.location.line) == [19, 19])
        #expect(delegate.method(selector: "diffFrontDocuments:")?.isAction == true)
        #expect(delegate.method(selector: "diffFrontDocuments:")?.location.line == 36)

        let accessory = reader.read(file: root.appendingPathComponent("app/sources/HFOpenAccessoryViewController.m").path)
        let ext = try #require(accessory.classes.first)
        #expect(ext.extensions.map(\.line) == [12])
        #expect(ext.outlets.map(\.name) == ["tableView", "openFileButton", "openAttributeButton"])
        #expect(ext.outlets.allSatisfy { $0.isWeak })
        #expect(accessory.literals.map(\.value) == ["OpenAccessoryView"])
        #expect(accessory.literals.first?.kind == .nibName)
        #expect(accessory.literals.first?.location.line == 26)
        #expect(accessory.literals.first?.enclosingClass == "HFOpenAccessoryViewController")
    }

    /// Every HexFiend file cut short, with a range deleted, with a range repeated and with a stray
    /// `{`, `}`, `@end`, `/*`, `"` or `#if 0` spliced in: no crash, and no file takes long.
    @Test(.enabled(if: hexFiend != nil, SharedProjects.skipMessage("HexFiend")))
    func mutatedHexFiendFilesTerminate() throws {
        let root = try #require(Self.hexFiend)
        var rng = SeededRandom(seed: 12)
        let strays = ["{", "}", "@end", "/*", "\"", "#if 0\n", "@interface X (", "- (", "'"].map { Array($0.utf8) }
        let clock = ContinuousClock()
        var slowest: Duration = .zero
        var files = 0
        for path in SourceCodeReader().sourceFiles(in: root.path) {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            guard bytes.count > 2 else { continue }
            files += 1
            let a = Int.random(in: 0..<bytes.count, using: &rng), b = Int.random(in: a...bytes.count, using: &rng)
            let mutations: [[UInt8]] = [
                Array(bytes[..<a]),
                Array(bytes[..<a] + bytes[b...]),
                Array(bytes[..<b] + bytes[a...]),
                Array(bytes[..<a]) + strays.randomElement(using: &rng)! + Array(bytes[a...]),
            ]
            for m in mutations {
                let elapsed = clock.measure { _ = read(String(decoding: m, as: UTF8.self), file: path) }
                slowest = max(slowest, elapsed)
            }
        }
        #expect(files > 200)
        #expect(slowest < .seconds(30))   // a hang bound per file, not a speed figure
    }

    @Test(.enabled(if: hexFiend != nil, SharedProjects.skipMessage("HexFiend")))
    func allOfHexFiendReads() throws {
        let root = try #require(Self.hexFiend)
        let clock = ContinuousClock()
        var index: SourceIndex?
        let elapsed = clock.measure { index = SourceCodeReader().read(directories: [root.path]) }
        let result = try #require(index)
        let outlets = result.classes.reduce(0) { $0 + $1.outlets.count }
        let actions = result.classes.reduce(0) { $0 + $1.actions.count }
        let methods = result.classes.reduce(0) { $0 + $1.methods.count }
        let uses = result.classes.reduce(0) { $0 + $1.outletUses.count }
        print("HexFiend: \(result.fileCount[.objectiveC] ?? 0) files, \(result.classes.count) classes, \(outlets) outlets, "
              + "\(actions) actions, \(methods) methods, \(uses) outlet uses, \(result.literals.count) literals, "
              + "\(result.problems.count) problems in \(elapsed)")
        for p in result.problems { print("  \(p)") }
        #expect((result.fileCount[.objectiveC] ?? 0) > 200)
        #expect(result.classes.count > 100)
        #expect(outlets > 40)
        #expect(actions >= 45)
        #expect(result.problems.count < 10)

        // Header, class extension and implementation merged (HFOpenAccessoryViewController.h/.m).
        let accessory = try #require(result.class(named: "HFOpenAccessoryViewController"))
        #expect(accessory.superclass == "NSViewController")
        #expect(accessory.declarations.map(\.short) == ["HFOpenAccessoryViewController.h:11"])
        #expect(accessory.extensions.map(\.short) == ["HFOpenAccessoryViewController.m:12", "HFOpenAccessoryViewController.m:23"])
        #expect(accessory.outlets.map(\.name) == ["tableView", "openFileButton", "openAttributeButton"])
        #expect(accessory.actions.map(\.selector) == ["openFileOrAttr:"])
        let firstUse = accessory.outletUses.first { $0.outlet == "tableView" && $0.method == "panelSelectionDidChange:" }
        #expect(firstUse?.location.line == 40)
        #expect(result.chain("DiffDocument").map(\.name) == ["DiffDocument", "BaseDataDocument"])
        #expect(result.frameworkBase("DiffDocument") == "NSDocument")
    }
}

@Suite struct ObjCRegistrationTests {
    @Test func classesRegisteredForReuseWithoutTheirNib() {
        let text = """
            @implementation ListController
            - (void)viewDidLoad {
                [self.tableView registerClass:[ProfileCell class] forCellReuseIdentifier:@"Profile"];
                [self.collectionView registerClass:TileCell.class forCellWithReuseIdentifier:@"Tile"];
                [self.tableView registerNib:[UINib nibWithNibName:@"Row" bundle:nil] forCellReuseIdentifier:@"Row"];
                [self registerClass:[Other class] withName:@"x"];
            }
            @end
            """
        let facts = ObjCSourceReader.read(text, file: "List.m")
        let registered = facts.literals.filter { $0.kind == .registeredClass }
        #expect(registered.map(\.value) == ["ProfileCell", "TileCell"])
        #expect(registered.map(\.location.line) == [3, 4])
        #expect(registered.allSatisfy { $0.enclosingClass == "ListController" })
    }
}
