import CPDIRules
import Foundation

/// The result value itself: sorted keys and stable order, so saved results diff well.
public enum JSONFormat {
    public static func encode(_ result: AnalysisResult) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(result)) + [UInt8(ascii: "\n")]
    }

    public static func decode(_ bytes: [UInt8]) throws -> AnalysisResult {
        try JSONDecoder().decode(AnalysisResult.self, from: Data(bytes))
    }
}
