import Testing
@testable import SourceIndex

@Suite struct SourceIndexMergeTests {
    let h = SourceLocation(file: "Base.h", line: 3)
    let m = SourceLocation(file: "Base.m", line: 10)
    let swift = SourceLocation(file: "Base+Actions.swift", line: 5)

    @Test func partsOfOneClassMergeAndSuperclassesChain() {
        let header = SourceFileFacts(file: "Base.h", language: .objectiveC, classes: [
            SourceClass(name: "Base", language: .objectiveC, superclass: "UIViewController", declarations: [h],
                        properties: [SourceProperty(name: "title", type: "UILabel", isOutlet: true, isWeak: true, location: h)]),
        ])
        let impl = SourceFileFacts(file: "Base.m", language: .objectiveC, classes: [
            SourceClass(name: "Base", language: .objectiveC, extensions: [m],
                        properties: [SourceProperty(name: "title", type: "UILabel", isOutlet: false, location: m)],
                        methods: [SourceMethod(selector: "save:", displayName: "save:", isAction: true, location: m)]),
        ])
        let ext = SourceFileFacts(file: "Base+Actions.swift", language: .swift, classes: [
            SourceClass(name: "Base", language: .swift, extensions: [swift],
                        methods: [SourceMethod(selector: "close", displayName: "close()", isAction: true, location: swift)]),
            SourceClass(name: "Child", language: .swift, module: "App", superclass: "Base", declarations: [swift]),
        ])
        let index = SourceIndex([ext, impl, header])
        let base = index.class(named: "Base")
        #expect(base?.language == .objectiveC)
        #expect(base?.superclass == "UIViewController")
        #expect(base?.outlets.map(\.name) == ["title"])
        #expect(base?.outlets.first?.location == h)
        #expect(base?.actions.map(\.selector) == ["close", "save:"])
        #expect(index.chain("Child").map(\.name) == ["Child", "Base"])
        #expect(index.frameworkBase("Child") == "UIViewController")
        #expect(index.property("title", of: "App.Child")?.1.name == "Base")
        #expect(index.method("save:", of: "Child")?.1.name == "Base")
        #expect(index.method("save", of: "Child") == nil)
    }

    @Test func superclassCycleStops() {
        let l = SourceLocation(file: "A.swift", line: 1)
        let index = SourceIndex([SourceFileFacts(file: "A.swift", language: .swift, classes: [
            SourceClass(name: "A", language: .swift, superclass: "B", declarations: [l]),
            SourceClass(name: "B", language: .swift, superclass: "A", declarations: [l]),
        ])])
        #expect(index.chain("A").map(\.name) == ["A", "B"])
    }

    @Test func swiftModuleComesFromThePackageLayout() {
        #expect(SourceCodeReader.swiftModule(of: "/x/Modules/Account/Sources/Account/Feed.swift") == "Account")
        #expect(SourceCodeReader.swiftModule(of: "/x/Sources/Account/Sub/Feed.swift") == "Account")
        #expect(SourceCodeReader.swiftModule(of: "/x/iOS/Feed.swift") == nil)
        #expect(SourceCodeReader.swiftModule(of: "/x/Sources/Feed.swift") == nil)
    }
}
