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

    /// Runs the pipeline on the scan's paths, or links its `--facts` files; files that could not be read
    /// are reported on stderr, a missing path or a bad facts file ends the run.
    static func analyse(_ scan: ScanOptions) -> AnalysisResult {
        analyse(scan, configuration: configuration(paths: scan.paths, settings: scan.settings))
    }

    static func analyse(paths: [String], settings: ScanSettings) -> AnalysisResult {
        analyse(paths: paths, facts: [], settings: settings, configuration: configuration(paths: paths, settings: settings))
    }

    /// The `.cpdi.yml` that applies to `paths` (or `--config`); a bad one ends the run. With `--facts`
    /// there are no paths, so it is the current folder's, as for a scan run there.
    static func configuration(paths: [String], settings: ScanSettings) -> Configuration {
        do {
            return try settings.configuration(paths: paths, workingDirectory: workingDirectory)
        } catch {
            fail(error)
        }
    }

    /// `present` shapes the result before anything is printed (which files to report, how paths read),
    /// so the problems on stderr follow the same choices as the findings.
    /// `needsGraph: false`: the caller reads findings, problems and coverage only, so a saved result's graph
    /// need not be read back (it may be left empty).
    static func analyse(
        _ scan: ScanOptions, configuration: Configuration, needsGraph: Bool = true, present: (AnalysisResult) -> AnalysisResult = { $0 }
    ) -> AnalysisResult {
        analyse(
            paths: scan.paths, facts: scan.facts, settings: scan.settings, configuration: configuration, needsGraph: needsGraph,
            present: present
        )
    }

    private static func analyse(
        paths: [String], facts: [String], settings: ScanSettings, configuration: Configuration, needsGraph: Bool = true,
        present: (AnalysisResult) -> AnalysisResult = { $0 }
    ) -> AnalysisResult {
        do {
            var pipeline = Pipeline(configuration: configuration)
            pipeline.holdsWorkUntilExit = true
            let analysed: AnalysisResult
            if facts.isEmpty {
                let progress = ProgressDisplay.forStandardError(quiet: settings.quiet)
                analysed = try pipeline.run(
                    paths: paths, workingDirectory: workingDirectory,
                    cache: settings.cache(for: paths, conventions: pipeline.conventions, workingDirectory: workingDirectory),
                    progress: progress?.handler, needsGraph: needsGraph
                )
                progress?.finish()
            } else {
                analysed = try pipeline.analyse(factsFiles: facts, workingDirectory: workingDirectory)
            }
            let result = present(analysed)
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
