/// NSKeyedArchiver keyed archives (macOS `keyedobjects*.nib`, pre-iOS-6 nibs; nib-format.md §4.1)
/// in binary or XML plist form, decoded into the shared ``ObjectGraph``.
///
/// Graph contract (the resolver relies on it):
/// * `ObjectRef(n)` is `$objects[n]` for every UID `n`; UID 0 (`$null`) becomes ``ArchiveValue/null``,
///   and so does a UID of any other `$objects` entry that is the string `$null` (IB 3 writes several;
///   NSKeyedUnarchiver decodes them as nil). Such entries are objects of class `$null`.
/// * A dictionary with `$class` becomes an ``ArchivedObject`` of class `$classname`, `classChain`
///   = the rest of `$classes`, fields = its other keys in file order, offset = its byte offset.
/// * Plist-native entries of `$objects` become Foundation objects the accessors of
///   `ObjectGraph+Foundation` understand: strings → `NSString { NS.string }`, integers →
///   `NSNumber { NS.intval }`, reals → `NSNumber { NS.dblval }`, booleans →
///   `NSNumber { NS.boolval }`, data → `NSData { NS.bytes }`, dates → `NSDate { NS.time }`;
///   class descriptions become objects of class `$classdescription`; `$objects[0]` is `$null`.
/// * Values stored inside an object stay inline (`.string`, `.int`, `.data`, …); arrays of UIDs
///   (`NS.objects`, `NS.keys`) become `.array([.object(…)])`.
/// * The root is a synthetic object of class `$top`, appended after the `$objects`, whose fields
///   are the `$top` entries (`IB.objectdata` for AppKit nibs, `UINib…Key`s for UIKit nibs).
/// * `versionMajor` is `$version` (100000); encoding `.keyedArchiveBinary` or `.keyedArchiveXML`.
public enum KeyedArchive {
    /// Class name of the synthetic root object.
    public static let topClassName = "$top"
    /// Class name of `$objects` entries that describe a class (`$classname`, `$classes`).
    public static let classDescriptionClassName = "$classdescription"
    /// Class name of `$objects[0]`.
    public static let nullClassName = "$null"

    /// Decodes a keyed archive held in a binary or XML plist.
    ///
    /// - Throws: ``ArchiveError``: everything ``PropertyList/decode(bytes:limits:)`` throws;
    ///   `notAnArchive(detected: "property list (not a keyed archive)")` for a plist without
    ///   `$archiver`/`$objects` (`info.nib`, a storyboard's `Info.plist`); `indexOutOfRange(.keyedArchive)`
    ///   for a UID beyond `$objects`; `malformed` for a missing `$top`, a bad `$class`.
    ///
    /// - Parameter baseOffset: absolute offset of `bytes[0]` in the outermost input, for a keyed
    ///   archive nested in a data value (§2.9); every reported offset includes it.
    public static func objectGraph(bytes: [UInt8], limits: DecodingLimits = .default,
                                   baseOffset: Int = 0) throws(ArchiveError) -> ObjectGraph {
        let document: PlistDocument
        do throws(ArchiveError) {
            document = try PropertyList.read(bytes: bytes, limits: limits, base: baseOffset)
        } catch {
            var shifted = error
            if PropertyList.format(of: bytes) == .xml, baseOffset > 0 { shifted.offset += baseOffset }
            throw shifted
        }
        let encoding: ArchiveEncoding = PropertyList.format(of: bytes) == .xml ? .keyedArchiveXML : .keyedArchiveBinary
        var decoder = KeyedArchiveDecoder(document: document, limits: limits)
        return try decoder.graph(encoding: encoding)
    }

    /// True when `value` (a decoded plist) has the keyed-archive shape (`$archiver` or `$objects` + `$top`).
    public static func isKeyedArchive(_ value: PlistValue) -> Bool {
        value["$archiver"] != nil || (value["$objects"] != nil && value["$top"] != nil)
    }
}
