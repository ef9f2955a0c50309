import Foundation

/// The order of a run's files by display path (`String`'s `<`), equal paths in the order found.
///
/// Sorting the files themselves moved three strings per swap and compared through the runtime's general
/// string comparison: a tenth of a warm run with nothing changed at 100,000 files. Where every path is ASCII,
/// `String`'s order is the order of the bytes, so the indices are sorted by the bytes of one buffer that holds
/// every path. Any other path sorts as before.
enum DisplayPathOrder {
    static func sortedIndices(_ files: [SourceDiscovery.SourceFile]) -> [Int] {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        starts.reserveCapacity(files.count + 1)
        var isASCII = true
        for file in files where isASCII {
            starts.append(bytes.count)
            bytes.append(contentsOf: file.displayPath.utf8)
            isASCII = bytes[starts.last!...].allSatisfy { $0 < 0x80 }
        }
        guard isASCII else { return files.indices.sorted { files[$0].displayPath < files[$1].displayPath } }
        starts.append(bytes.count)
        var order = Array(files.indices)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }  // every path empty: already in the order found
            order.sort { left, right in
                let leftCount = starts[left + 1] - starts[left], rightCount = starts[right + 1] - starts[right]
                let compared = memcmp(base + starts[left], base + starts[right], min(leftCount, rightCount))
                if compared != 0 { return compared < 0 }
                if leftCount != rightCount { return leftCount < rightCount }
                return left < right  // what a stable sort keeps
            }
        }
        return order
    }
}
