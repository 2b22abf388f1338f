import TestSupport
import ArchiveReader
import Foundation
import Testing
@testable import NibInspectCore

/// ``NibInput/controllerIDs()`` (one table, used per connection row) answers as
/// ``NibInput/controller(for:in:)`` (a search) does, for every object of every document.
@Suite("Controller lookup")
struct ControllerLookupTests {
    static func check(_ input: NibInput, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        let table = input.controllerIDs()
        var bound = 0
        for document in input.documents {
            for object in document.objects {
                let expected = input.controller(for: object.id, in: document.name)?.id
                #expect(table[ObjectReference(document: document.name, id: object.id)] == expected,
                        "\(document.name) \(object.id)", sourceLocation: sourceLocation)
                if expected != nil { bound += 1 }
            }
        }
        return bound
    }

    @Test("the storyboard fixture: every object, controller or not")
    func fixture() {
        #expect(Self.check(FixtureInputs.input("ios-storyboard")) > 0)
        #expect(Self.check(FixtureInputs.input("ios-login")) == 0)
    }

    @Test("every compiled storyboard of the corpus", .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
    func corpus() throws {
        let root = try #require(Corpus.root)
        var bound = 0
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let item = walker?.nextObject() as? String {
            guard item.hasSuffix(".storyboardc"), let opened = try? NibOpener(width: 1).open(.path(root.appendingPathComponent(item).path))
            else { continue }
            bound += Self.check(opened.input)
        }
        #expect(bound > 10)
    }
}
