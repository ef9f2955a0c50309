import CPDIPipeline
import Foundation

/// stdout carries results; stderr carries everything about the run.
enum Terminal {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static var workingDirectory: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// An input error is reported on one line and ends the run with status 2.
    static func fail(_ error: InputError) -> Never {
        err("cpdi: error: \(error.description)\n")
        exit(2)
    }
}
