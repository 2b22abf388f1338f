import ArchiveReader
import Testing
@testable import GraphExport

/// `GraphExport.graph(for:)`: which picture one command-line input becomes.
@Suite struct GraphExportTests {
    static var storyboardInput: NibInput {
        var login = Fixtures.login
        login.name = "Login.nib"
        return NibInput(path: "Main.storyboardc", kind: "compiled storyboard",
                        documents: [login, Fixtures.sceneWithSegues], storyboard: Fixtures.storyboard)
    }

    @Test func storyboardDrawsTheSceneFlow() throws {
        let graph = try GraphExport.graph(for: Self.storyboardInput)
        #expect(graph.name == "Main.storyboardc")
        #expect(graph.nodes.contains { $0.id == "@scene:Login" })
        #expect(!graph.nodes.contains { $0.objectID != nil })
    }

    @Test func sceneSelectsItsDocuments() throws {
        for scene in ["Login", "LoginViewController"] {
            let graph = try GraphExport.graph(for: Self.storyboardInput, scene: scene)
            // Titled by the storyboard and the scene's class and identifier, not the nib's name.
            #expect(graph.name == "Main.storyboardc — scene LoginViewController “Login”", "\(scene)")
            #expect(graph.nodes.first?.lines == ["File's Owner", "LoginViewController"])
        }
        // A document can also be named directly.
        let byName = try GraphExport.graph(for: Self.storyboardInput, scene: "UIViewController-abc-12-xyz")
        #expect(byName.name == "Main.storyboardc — UIViewController-abc-12-xyz")
    }

    @Test func unknownSceneAndEmptyInputAreErrors() {
        #expect(throws: GraphError.sceneNotFound("Nope", candidates: ["UINavigationController-a1", "Login", "Home"])) {
            try GraphExport.graph(for: Self.storyboardInput, scene: "Nope")
        }
        #expect(throws: GraphError.noDocuments("empty.nib")) {
            try GraphExport.graph(for: NibInput(path: "empty.nib", kind: "NIBArchive"))
        }
    }

    @Test func plainInputDrawsItsDocuments() throws {
        let input = NibInput(path: "a.nib", kind: "NIBArchive", documents: [Fixtures.login])
        let dot = try GraphExport.dot(for: input, options: GraphOptions(kinds: [.action]))
        var graph = try ConnectionGraph(document: Fixtures.login, options: GraphOptions(kinds: [.action]))
        graph.name = "a.nib"   // titled by the input's file name
        #expect(dot == DOTWriter.write(graph))
        #expect(dot.contains("signIn:"))
        #expect(!dot.contains("usernameField"))
    }

    /// Without --rankdir a scene flow takes the direction that fits a page: a long chain of
    /// scenes top to bottom, a wide fan (a tab bar or split view with many children) left to right.
    @Test func sceneFlowDirectionFollowsTheShape() throws {
        func storyboard(_ segues: [(String, String)]) -> StoryboardSummary {
            let ids = Array(Set(segues.flatMap { [$0.0, $0.1] })).sorted()
            return StoryboardSummary(name: "S.storyboardc", platform: .iOS, entryPoint: segues.first?.0,
                                     scenes: ids.map { .init(identifier: $0, controllerClass: "UIViewController") },
                                     segues: segues.map { .init(from: $0.0, to: $0.1, segue: Segue(kind: "show")) })
        }
        let chain = storyboard((1..<8).map { ("s\($0)", "s\($0 + 1)") })
        #expect(ConnectionGraph.layeredShape(nodes: (1...8).map { "@scene:s\($0)" },
                                             edges: (1..<8).map { ("@scene:s\($0)", "@scene:s\($0 + 1)") }) == (8, 1))
        #expect(try ConnectionGraph(storyboard: chain).rankDirection == .topToBottom)
        let fan = storyboard((1...20).map { ("root", "child\($0)") })
        #expect(try ConnectionGraph(storyboard: fan).rankDirection == .leftToRight)
        // --rankdir wins.
        #expect(try ConnectionGraph(storyboard: chain, options: GraphOptions(rankDirection: .leftToRight)).rankDirection == .leftToRight)
        // A cycle still gets a shape.
        #expect(ConnectionGraph.layeredShape(nodes: ["a", "b", "c"], edges: [("a", "b"), ("b", "c"), ("c", "a")]).ranks == 3)
    }

    /// In a scene's graph a document's box says whose nib it is, not its generated name.
    @Test func sceneDocumentsAreNamedByTheirController() {
        let login = StoryboardSummary.Controller(
            id: "UIViewController-abc", scene: "UIViewController-abc", className: "UIViewController", customClass: "LoginVC",
            objects: [ObjectReference(document: "UIViewController-abc.nib", id: ObjectID("#1")),
                      ObjectReference(document: "abc-view-def.nib", id: ObjectID("#2"))])
        let storyboard = StoryboardSummary(name: "Main.storyboardc", platform: .iOS, controllers: [login])
        #expect(GraphExport.documentRole("UIViewController-abc.nib", in: storyboard, preferring: "LoginVC") == "LoginVC — scene nib")
        #expect(GraphExport.documentRole("abc-view-def.nib", in: storyboard, preferring: "LoginVC") == "LoginVC — view nib")
        #expect(GraphExport.documentRole("Other.nib", in: storyboard, preferring: "LoginVC") == nil)
    }

    /// A title names the input file, not the variant inside a bundle or a list of documents.
    @Test func titlesNameTheFile() throws {
        var inner = Fixtures.login
        inner.name = "Login.nib/keyedobjects-101300.nib"
        #expect(try GraphExport.graph(for: NibInput(path: "dir/Login.nib/", kind: "nib bundle", documents: [inner])).name == "Login.nib")
        let two = NibInput(path: "/x/Menu.nib", kind: "NIBArchive", documents: [Fixtures.login, Fixtures.preferences])
        #expect(try GraphExport.graph(for: two).name == "Menu.nib — 2 documents")
        #expect(try GraphExport.graph(for: NibInput(path: "<stdin>", kind: "NIBArchive", documents: [inner])).name == inner.name)
    }

    @Test func errorsReadWell() {
        let focus = GraphError.focusNotFound("Zap", candidates: ["Login", "Sign In"])
        #expect(focus.description == "'Zap' matches no object; objects: Login, Sign In")
        #expect(RenderError(stage: .parse, message: "syntax error in line 1").description
                == "Graphviz parse failed: syntax error in line 1")
    }
}
