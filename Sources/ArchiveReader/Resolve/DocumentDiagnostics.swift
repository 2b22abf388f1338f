extension NibDocument {
    /// Names this document (and its file) in the location of every diagnostic it holds, its
    /// connections' ``Connection/unresolved`` included; an unresolved connection without an object
    /// is located at its source. Readers below the document level do not know these.
    mutating func locateDiagnostics() {
        diagnostics = diagnostics.map { $0.located(document: name, path: path) }
        for i in connections.indices {
            guard var why = connections[i].unresolved?.located(document: name, path: path) else { continue }
            if why.location.object == nil { why.location.object = connections[i].source }
            connections[i].unresolved = why
        }
    }
}
