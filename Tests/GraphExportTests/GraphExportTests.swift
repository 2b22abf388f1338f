import Testing
@testable import GraphExport
