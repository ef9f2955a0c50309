import CPDIFacts
import CPDIRules
import Dispatch
import Foundation

/// The extraction step of a run: every discovered file read and turned into facts, on all cores.
extension Pipeline {
    enum ExtractionOutcome: Sendable {
        case facts(FileFacts)
        case unreadable(InputProblem)
    }

    /// Files are independent, so they are read and extracted on all cores; each result lands in its own
    /// slot, which keeps the merge in discovery order whatever order the threads finish in.
    func extract(_ files: [SourceDiscovery.SourceFile]) -> [ExtractionOutcome] {
        let results = UnsafeMutableBufferPointer<ExtractionOutcome?>.allocate(capacity: files.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        let conventions = self.conventions
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            slots[index] = Self.extract(files[index], conventions: conventions)
        }
        return results.map { $0! }
    }

    static func extract(_ file: SourceDiscovery.SourceFile, conventions: NamingConventions) -> ExtractionOutcome {
        let path = file.displayPath
        let data: Data
        do {
            let size = try FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as? Int ?? 0
            guard size <= maximumFileSize else {
                return .unreadable(InputProblem(
                    file: path, severity: .error,
                    message: "skipped: \(size / 1_048_576) MB is over the \(maximumFileSize / 1_048_576) MB limit for one source file; exclude it"
                ))
            }
            data = try Data(contentsOf: file.url)
        } catch {
            return .unreadable(InputProblem(file: path, severity: .error, message: "cannot read the file; check that it exists and is readable"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return .unreadable(InputProblem(file: path, severity: .error, message: "not valid UTF-8; convert the file to UTF-8 to analyse it"))
        }
        return .facts(FactExtractor.extract(path: path, source: text, conventions: conventions))
    }
}
