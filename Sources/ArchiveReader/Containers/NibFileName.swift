import Foundation

/// Parsing of the file names Xcode gives compiled nibs and their variants (nib-format.md §8).
public enum NibFileName {
    /// `[13, 0]` for `objects-13.0+.nib`; nil for any other name.
    public static func objectsVersion(_ name: String) -> [Int]? {
        versionedName(name, prefix: "objects-", suffix: "+.nib")
    }

    /// `[101300]` for `keyedobjects-101300.nib` (minimum macOS 10.13.00); nil otherwise.
    public static func keyedObjectsVersion(_ name: String) -> [Int]? {
        versionedName(name, prefix: "keyedobjects-", suffix: ".nib")
    }

    /// `[8, 0]` for `Info-8.0+.plist` (a storyboard's Info.plist for iOS 8 and later); nil otherwise.
    public static func infoPlistVersion(_ name: String) -> [Int]? {
        versionedName(name, prefix: "Info-", suffix: "+.plist")
    }

    /// Splits a nib stem at its device modifiers: `Login~ipad` → (`Login`, [`ipad`]);
    /// `MyNib~iphone~iphone` → (`MyNib`, [`iphone`, `iphone`]) (a doubled modifier no loader
    /// resolves, user-needs.md §A3 #25). Only `~` followed by a letter counts.
    public static func splitDevice(_ stem: String) -> (base: String, devices: [String]) {
        let parts = stem.split(separator: "~", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1, !parts[0].isEmpty else { return (stem, []) }
        let devices = Array(parts.dropFirst())
        guard devices.allSatisfy({ $0.first?.isLetter == true }) else { return (stem, []) }
        let base = parts[0]
        return (base, devices)
    }

    /// The stem of `name` without one extension: `Login~ipad` for `Login~ipad.nib`.
    public static func stem(_ name: String, ext: String) -> String? {
        name.hasSuffix("." + ext) && name.count > ext.count + 1 ? String(name.dropLast(ext.count + 1)) : nil
    }

    /// Device modifier and nib name of a nib file or bundle name (`X~ipad.nib` → (`X`, `ipad`)).
    static func nibNameAndDevice(_ fileName: String) -> (nibName: String, device: String?, doubled: Bool) {
        let stem = stem(fileName, ext: "nib") ?? fileName
        let split = splitDevice(stem)
        return (split.base, split.devices.last, split.devices.count > 1)
    }

    /// Compares dotted version arrays: `[13, 0]` > `[8, 0]` > `[8]`.
    static func isNewer(_ a: [Int], than b: [Int]) -> Bool {
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : 0, y = i < b.count ? b[i] : 0
            if x != y { return x > y }
        }
        return false
    }

    private static func versionedName(_ name: String, prefix: String, suffix: String) -> [Int]? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        let parts = middle.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 4 else { return nil }
        var out: [Int] = []
        for p in parts {
            guard !p.isEmpty, p.count <= 9, p.allSatisfy({ $0.isASCII && $0.isNumber }), let v = Int(p) else { return nil }
            out.append(v)
        }
        return out
    }
}
