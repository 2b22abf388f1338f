import Testing
@testable import NibInspectCore
