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
        scan.facts.isEmpty ? analyse(paths: scan.paths, settings: scan.settings) : analyse(factsFiles: scan.facts, settings: scan.settings)
    }

    /// Links the files of `cpdi facts`; the configuration is found as for a scan of the current folder.
    static func analyse(factsFiles: [String], settings: ScanSettings) -> AnalysisResult {
        do {
            let configuration = try settings.configuration(paths: [], workingDirectory: workingDirectory)
            let result = try Pipeline(configuration: configuration).analyse(factsFiles: factsFiles, workingDirectory: workingDirectory)
            err(XcodeFormat.problems(result))
            return result
        } catch {
            fail(error)
        }
    }

    static func analyse(paths: [String], settings: ScanSettings) -> AnalysisResult {
        analyse(paths: paths, settings: settings, configuration: configuration(paths: paths, settings: settings))
    }

    /// The `.cpdi.yml` that applies to `paths` (or `--config`); a bad one ends the run.
    static func configuration(paths: [String], settings: ScanSettings) -> Configuration {
        do {
            return try settings.configuration(paths: paths, workingDirectory: workingDirectory)
        } catch {
            fail(error)
        }
    }

    /// `present` shapes the result before anything is printed (which files to report, how paths read),
    /// so the problems on stderr follow the same choices as the findings.
    static func analyse(
        paths: [String], settings: ScanSettings, configuration: Configuration,
        present: (AnalysisResult) -> AnalysisResult = { $0 }
    ) -> AnalysisResult {
        do {
            let pipeline = Pipeline(configuration: configuration)
            let progress = ProgressDisplay.forStandardError(quiet: settings.quiet)
            let result = present(try pipeline.run(
                paths: paths, workingDirectory: workingDirectory,
                cache: settings.cache(for: paths, conventions: pipeline.conventions, workingDirectory: workingDirectory),
                progress: progress?.handler
            ))
            progress?.finish()
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
