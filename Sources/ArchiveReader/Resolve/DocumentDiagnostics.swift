extension NibDocument {
    /// Names this document (and its file) in the location of every diagnostic it holds, its
    /// connections' ``Connection/unresolved`` included; an unresolved connection without an object
    /// is located at its source. Where the object is one of the document's, its semantic path is
    /// added (``Diagnostic/Location/objectPath``). Readers below the document level know none of these.
    mutating func locateDiagnostics() {
        diagnostics = diagnostics.map(locate)
        for i in connections.indices {
            guard var why = connections[i].unresolved else { continue }
            if why.location.object == nil { why.location.object = connections[i].source }
            connections[i].unresolved = locate(why)
        }
    }

    /// `d` with this document's name, file and the object's semantic path where `d` lacks them.
    private func locate(_ d: Diagnostic) -> Diagnostic {
        var d = d.located(document: name, path: path)
        if d.location.objectPath == nil, let id = d.location.object, object(id) != nil {
            d.location.objectPath = semanticPath(of: id)
        }
        return d
    }
}
