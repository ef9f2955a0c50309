import Foundation

/// The diff value itself, versioned, with sorted keys (schema: `Schema/cpdi-diff.schema.json`).
public enum DiffJSON {
    public static func encode(_ diff: ResultDiff) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(diff)) + [UInt8(ascii: "\n")]
    }
}
