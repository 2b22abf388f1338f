import ArchiveReader
import Foundation
import NibScan

extension Context {
    /// A zip archive given as an input (an `.ipa`: `Payload/App.app/…`, or any `.zip`): its
    /// nibs, storyboards and property lists are read into memory through libarchive
    /// (``ArchiveTree``, bounded by ``ArchiveLimits``: nothing is written to disk, member names
    /// cannot leave the archive) and opened as the directory they form, so that every command that
    /// reads an app's directory reads its `.ipa` the same way (`graph` draws its app map).
    ///
    /// An archive whose `Payload` holds one app (`Payload/App.app/…`: an `.ipa`) is read
    /// as that app, its documents named as in the app's directory (`Base.lproj/Main.storyboardc`).
    /// Paths are given under the archive's path as the user wrote it
    /// (`App.ipa/Payload/App.app/Main.storyboardc`), not the absolute paths members are held under. A member over the size limit is an
    /// error diagnostic of the input (``DiagnosticCode/documentNotRead``), as a document that did
    /// not decode; reading stopped at the total limit is one more.
    ///
    /// - Throws: ``InputError`` when the archive holds nothing the tool reads (`.emptyDirectory`),
    ///   ``ArchiveError`` when libarchive cannot read it.
    func openArchive(_ path: String) throws -> OpenedInput {
        let archive = try ArchiveTree.read(path: path)
        var failures = archive.refused.map { LoadedContainer.Failure(name: $0.path, path: path + "/" + $0.path, error: $0.error) }
        if let stopped = archive.stopped { failures.append(LoadedContainer.Failure(name: path, path: path, error: stopped)) }
        var memory = opener
        memory.loader.files = archive.tree
        // An .ipa holds one app, Payload/App.app (beside it iTunesMetadata.plist, SwiftSupport/, …):
        // its documents are named as in the app's directory (Base.lproj/Main.storyboardc).
        var root = archive.root
        let payload = FileTree.join(archive.root, "Payload")
        if let apps = try? archive.tree.list(payload),
           apps.count == 1, let app = apps.first, app.hasSuffix(".app"), archive.tree.isDirectory(FileTree.join(payload, app)) {
            root = FileTree.join(payload, app)
        }
        let shown = path + root.dropFirst(archive.root.count)
        var opened: OpenedInput
        do {
            opened = try memory.open(.path(root))
        } catch let error as InputError where error.kind == .emptyDirectory || error.kind == .notFound {
            // Nothing kept (no nib, storyboard or property list in it): say so of the archive.
            throw InputError(.emptyDirectory, path: path, notes: error.notes + failures.map(\.diagnostic))
        }
        opened.input = Self.renamed(opened.input, from: root, to: shown)
        opened.input.path = path
        opened.input.diagnostics += failures.map(\.diagnostic)
        opened.failures = failures + opened.failures.map { failure in
            var f = failure
            f.path = f.path.map { Self.renamed($0, from: root, to: shown) }
            return f
        }
        return opened
    }

    /// `input` with every path under `root` (documents, diagnostics, storyboards) given under
    /// `path` instead.
    static func renamed(_ input: NibInput, from root: String, to path: String) -> NibInput {
        var input = input
        input.path = path
        func fix(_ d: inout Diagnostic) { d.location.path = d.location.path.map { renamed($0, from: root, to: path) } }
        for i in input.diagnostics.indices { fix(&input.diagnostics[i]) }
        for i in input.documents.indices {
            input.documents[i].path = input.documents[i].path.map { renamed($0, from: root, to: path) }
            for j in input.documents[i].diagnostics.indices { fix(&input.documents[i].diagnostics[j]) }
        }
        return input
    }

    /// `file` under `path` when it is `root` or below it; unchanged otherwise.
    static func renamed(_ file: String, from root: String, to path: String) -> String {
        if file == root { return path }
        guard file.hasPrefix(root + "/") else { return file }
        return path + file.dropFirst(root.count)
    }
}
