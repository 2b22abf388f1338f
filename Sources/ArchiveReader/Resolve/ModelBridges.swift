#if !NIBINSPECT_SINGLE_MODULE
// Scripts/fuzz.sh compiles NibModel and ArchiveReader as one module (NIBINSPECT_SINGLE_MODULE).
@_exported import NibModel
#endif

/// Bridges from the decoded archive layer to the model's identifiers (the model knows no reader).
extension SourceFormat {
    /// Maps a compiled encoding to its source format.
    public init(_ encoding: ArchiveEncoding) {
        switch encoding {
        case .nibArchive: self = .nibArchive
        case .keyedArchiveBinary: self = .keyedArchiveBinary
        case .keyedArchiveXML: self = .keyedArchiveXML
        case .typedstream: self = .typedstream
        }
    }
}

extension ObjectID {
    /// The id of compiled object `ref`: `#<index>`.
    public init(_ ref: ObjectRef) { self.init("#\(ref.index)") }
}
