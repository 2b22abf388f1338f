import Testing
@testable import ArchiveReader
