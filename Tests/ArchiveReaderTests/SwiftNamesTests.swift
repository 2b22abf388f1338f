import Testing
@testable import ArchiveReader

/// Objective-C runtime names of Swift classes (nib-format.md §3.5).
@Suite("Swift class names")
struct SwiftNamesTests {
    @Test("demangles _TtC names from real nibs")
    func demangles() {
        let name = SwiftNames.demangle("_TtC9COVIDSafe33RegistrationConsentViewController")
        #expect(name == SwiftName(module: "COVIDSafe", names: ["RegistrationConsentViewController"]))
        #expect(name?.qualifiedName == "COVIDSafe.RegistrationConsentViewController")
        #expect(SwiftNames.displayName("_TtC10TestModule10MyDelegate") == "TestModule.MyDelegate")
    }

    @Test("demangles nested types and the Swift module substitutions")
    func nestedAndSwift() {
        #expect(SwiftNames.demangle("_TtCC8MyModule5Outer5Inner")?.qualifiedName == "MyModule.Outer.Inner")
        #expect(SwiftNames.demangle("_TtCs12_SwiftObject") == SwiftName(module: "Swift", names: ["_SwiftObject"]))
        #expect(SwiftNames.demangle("_TtCSs8Whatever")?.qualifiedName == "Swift.Whatever")
        #expect(SwiftNames.demangle("_TtV3Foo3Bar")?.name == "Bar")
    }

    @Test("keeps anything it does not understand", arguments: [
        "UIButton", "LoginViewController", "_Tt", "_TtC", "_TtC9", "_TtC9COVIDSafe", "_TtC9COVIDSafe99Short",
        "_TtC0x", "_TtC3Foo3BarTrailing", "_TtGC5Hello4Box_", "$s9LoginDemo4ViewC", "_TtC99999999999999999999999X",
        "_TtC3Foo03Bar", "",
    ])
    func rejects(_ text: String) {
        #expect(SwiftNames.demangle(text) == nil)
        #expect(SwiftNames.displayName(text) == text)
    }

    @Test("mangles what it demangles")
    func mangles() {
        let mangled = SwiftNames.mangledClassName(module: "LoginDemo", names: ["LoginViewController"])
        #expect(mangled == "_TtC9LoginDemo19LoginViewController")
        #expect(SwiftNames.demangle(mangled)?.qualifiedName == "LoginDemo.LoginViewController")
        #expect(SwiftNames.demangle(SwiftNames.mangledClassName(module: "A", names: ["B", "Ç"]))?.names == ["B", "Ç"])
    }
}
