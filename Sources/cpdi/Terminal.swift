import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation

/// stdout carries results; stderr carries everything about the run.
enum Terminal {
    static func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static var workingDirectory: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// Runs the pipeline on `paths`; files that could not be read are reported on stderr, a missing
    /// path ends the run.
    static func analyse(_ scan: ScanOptions) -> AnalysisResult {
        do {
            let result = try Pipeline().run(paths: scan.paths, workingDirectory: workingDirectory)
            err(XcodeFormat.problems(result))
            return result
        } catch {
            fail(error)
        }
    }

    /// An input error is reported on one line and ends the run with status 2.
    static func fail(_ error: InputError) -> Never {
        err("cpdi: error: \(error.description)\n")
        exit(2)
    }
}
