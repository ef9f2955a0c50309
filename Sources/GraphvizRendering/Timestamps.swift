/// Cairo 1.16 stamps PDF and PostScript with the wall-clock time and ignores
/// SOURCE_DATE_EPOCH; overwriting the stamp in place (same length, so PDF xref offsets stay
/// valid) keeps the same DOT rendering to the same bytes.
enum Timestamps {
    static func scrub(_ bytes: inout [UInt8], device: String) {
        switch device {
        case "pdf":
            // The Info dictionary follows the page content, so the last match is the real one.
            // "D:YYYYMMDDHHmmSS" then "Z" or "+HH'mm'": only digits change, so the syntax survives.
            let epoch = Array("19700101000000".utf8)
            for key in ["/CreationDate (D:", "/ModDate (D:"] {
                guard let start = find(key, in: bytes, last: true) else { continue }
                overwrite(&bytes, from: start, upTo: UInt8(ascii: ")")) { index, byte in
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return byte }
                    return index < epoch.count ? epoch[index] : UInt8(ascii: "0")
                }
            }
        case "ps", "ps2", "eps":
            // A DSC header comment, so the first match is the real one.
            let epoch = Array("Thu Jan  1 00:00:00 1970".utf8)
            guard let start = find("%%CreationDate: ", in: bytes, last: false) else { return }
            overwrite(&bytes, from: start, upTo: UInt8(ascii: "\n")) { index, _ in
                index < epoch.count ? epoch[index] : UInt8(ascii: " ")
            }
        default:
            break
        }
    }

    /// Index just past `marker`.
    private static func find(_ marker: String, in bytes: [UInt8], last: Bool) -> Int? {
        let needle = Array(marker.utf8)
        guard bytes.count >= needle.count else { return nil }
        let starts = 0...(bytes.count - needle.count)
        let matches = { (i: Int) in bytes[i..<i + needle.count].elementsEqual(needle) }
        let found = last ? starts.reversed().first(where: matches) : starts.first(where: matches)
        return found.map { $0 + needle.count }
    }

    private static func overwrite(
        _ bytes: inout [UInt8], from start: Int, upTo terminator: UInt8, _ replace: (Int, UInt8) -> UInt8
    ) {
        var index = start
        while index < bytes.count, bytes[index] != terminator {
            bytes[index] = replace(index - start, bytes[index])
            index += 1
        }
    }
}
