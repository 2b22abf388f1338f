/// Writes typedstream bytes for tests (nib-format.md §6), in either byte order, tracking the two
/// reference tables the way Apple's writer does: shared strings (type encodings, class names,
/// C-string contents) and shared objects (objects numbered before their classes, then each
/// literal class, then literal C strings). Back-reference numbers start at −110 (`0x92`).
struct TypedstreamTestWriter {
    var bigEndian: Bool
    var bytes: [UInt8] = []
    private var strings: [String: Int] = [:]
    private var classes: [String: Int] = [:]
    private(set) var nextShared = 0

    init(bigEndian: Bool, systemVersion: Int64 = 1000) {
        self.bigEndian = bigEndian
        bytes = [4, 11] + Array((bigEndian ? "typedstream" : "streamtyped").utf8)
        integer(systemVersion)
    }

    /// Offset the next byte will have.
    var offset: Int { bytes.count }

    mutating func raw(_ b: [UInt8]) { bytes += b }

    private mutating func ordered(_ value: UInt64, width: Int) {
        var out: [UInt8] = []
        for i in 0..<width { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
        bytes += bigEndian ? out.reversed() : out
    }

    /// An encoded integer: one byte outside the tag range, else `0x81` int16 or `0x82` int32.
    mutating func integer(_ v: Int64) {
        if v >= -110 && v <= 127 {
            bytes.append(UInt8(bitPattern: Int8(v)))
        } else if v >= Int64(Int16.min) && v <= Int64(Int16.max) {
            bytes.append(0x81)
            ordered(UInt64(UInt16(bitPattern: Int16(v))), width: 2)
        } else {
            bytes.append(0x82)
            ordered(UInt64(UInt32(truncatingIfNeeded: v)), width: 4)
        }
    }

    /// A float: integral values as integers (as Apple's writer does), others `0x83` + 4 bytes.
    mutating func float(_ f: Float) {
        if f == f.rounded(), abs(f) < 30000 { integer(Int64(f)); return }
        bytes.append(0x83)
        ordered(UInt64(f.bitPattern), width: 4)
    }

    mutating func double(_ d: Double) {
        bytes.append(0x83)
        ordered(d.bitPattern, width: 8)
    }

    mutating func nilTag() { bytes.append(0x85) }
    mutating func endObject() { bytes.append(0x86) }

    /// A length-prefixed unshared string (`+`).
    mutating func unshared(_ s: String) {
        integer(Int64(s.utf8.count))
        bytes += Array(s.utf8)
    }

    /// A shared string: literal the first time, back-reference afterwards.
    mutating func shared(_ s: String) {
        if let index = strings[s] {
            integer(Int64(index) - 110)
        } else {
            bytes.append(0x84)
            unshared(s)
            strings[s] = strings.count
        }
    }

    /// The type-encoding string of a group.
    mutating func group(_ encoding: String) { shared(encoding) }

    /// A class chain (most-derived first), back-referencing classes already written.
    mutating func classChain(_ chain: [(String, Int64)]) {
        for (name, version) in chain {
            if let number = classes[name] {
                integer(Int64(number) - 110)
                return
            }
            bytes.append(0x84)
            shared(name)
            integer(version)
            classes[name] = nextShared
            nextShared += 1
        }
        nilTag()
    }

    /// Starts a literal object; returns its shared-object number.
    @discardableResult
    mutating func beginObject(_ chain: [(String, Int64)]) -> Int {
        bytes.append(0x84)
        let number = nextShared
        nextShared += 1
        classChain(chain)
        return number
    }

    /// A back-reference to shared object `number`.
    mutating func reference(_ number: Int) { integer(Int64(number) - 110) }

    /// A literal C string (`*`); returns its shared-object number.
    @discardableResult
    mutating func cString(_ s: String) -> Int {
        bytes.append(0x84)
        shared(s)
        nextShared += 1
        return nextShared - 1
    }

    /// A whole `NSString` object (`@` value, no group prefix); returns its number.
    @discardableResult
    mutating func string(_ s: String, mutable: Bool = false) -> Int {
        let n = beginObject(mutable ? [("NSMutableString", 1), ("NSString", 1), ("NSObject", 0)]
                                    : [("NSString", 1), ("NSObject", 0)])
        group("+")
        unshared(s)
        endObject()
        return n
    }
}
