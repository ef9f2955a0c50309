import CPDIFacts
import CPDIPipeline
import Foundation
import Testing

/// Inputs a mutation fuzzer found to crash or hang the parser: each is now one line of problem, and the
/// other files of the run are analysed as usual.
@Suite struct PathologicalInputTests {
    private func run(_ files: [String: String]) throws -> (problems: [String], files: Int) {
        try Fixtures.withTemporaryFolder { folder in
            for (path, text) in files {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            let result = try Pipeline().run(paths: ["."], workingDirectory: folder)
            return (result.problems.map { "\($0.file):\($0.line ?? 0): \($0.severity.rawValue): \($0.message)" }, result.files.count)
        }
    }

    private let ordinary = "struct Fine { let value = [[1, 2], [3]] }\n"

    /// A control character before `=` made the parse diagnostics trap on a Fix-It without changes.
    @Test func aControlCharacterInCodeIsAParseWarning() throws {
        let (problems, files) = try run(["Control.swift": "func f() {\n  var values = [1]\n  values \u{11}= [2]\n}\n", "Fine.swift": ordinary])
        #expect(problems == ["Control.swift:3: warning: could not parse all of the file (unexpected characters in the code); the rest was analysed"])
        #expect(files == 2)
    }

    /// Unclosed square brackets made parsing exponential: 25 took nine seconds.
    @Test func deeplyNestedSquareBracketsAreSkippedAtOnce() throws {
        let (problems, files) = try run(["Hang.swift": "let x = " + String(repeating: "[", count: 30) + "\n", "Fine.swift": ordinary])
        #expect(problems == ["Hang.swift:1: error: skipped: square brackets nested more than 12 deep, which would make parsing take too long; exclude the file or split the expression"])
        #expect(files == 2)
    }

    /// `A<` five thousand times, or `[` eight hundred times, overflowed a worker thread's stack.
    @Test func nestingThatWouldOverflowTheStackIsSkipped() throws {
        let (problems, _) = try run([
            "Angles.swift": String(repeating: "A<", count: 5_000) + "\n",
            "Squares.swift": String(repeating: "[", count: 800) + "\n",
            "Parens.swift": "let x = " + String(repeating: "f(", count: 400) + "\n",
        ])
        #expect(problems == [
            "Angles.swift:1: error: skipped: generic arguments nested more than 64 deep, which would make parsing take too long; exclude the file or split the expression",
            "Parens.swift:1: error: skipped: brackets nested more than 200 deep, which would make parsing take too long; exclude the file or split the expression",
            "Squares.swift:1: error: skipped: square brackets nested more than 12 deep, which would make parsing take too long; exclude the file or split the expression",
        ])
    }

    /// Just under every bound still parses (and reports what does not parse as usual).
    @Test func nestingUnderTheBoundsIsAnalysed() throws {
        let (problems, files) = try run([
            "Deep.swift": "let x = " + String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12) + "\n",
            "Calls.swift": "let y = " + String(repeating: "f(", count: 150) + String(repeating: ")", count: 150) + "\n",
        ])
        #expect(problems.allSatisfy { !$0.contains("skipped") })
        #expect(files == 2)
    }

    /// DocC tutorial snippets are fragments (`...` bodies), not code of the app.
    @Test func doccCatalogsAreNotAnalysed() throws {
        let (problems, files) = try run([
            "Guide.docc/Resources/Step1.swift": "struct Step {\n    ...\n}\n",
            "Fine.swift": ordinary,
        ])
        #expect(problems == [])
        #expect(files == 1)
    }

    /// Xcode's file templates hold placeholders (`<#variable#>`, `___VARIABLE_productName___`) and are never
    /// compiled: an injection in one is no injection of the app.
    @Test func xcodeTemplatesAreNotAnalysed() throws {
        let (problems, files) = try run([
            "Scripts/XCTemplates/UseCase.xctemplate/___FILEBASENAME___.swift":
                "final class ___VARIABLE_productName___ {\n    @Inject var <#variable#>: <#Type#>\n}\n",
            "Fine.swift": ordinary,
        ])
        #expect(problems == [])
        #expect(files == 1)
    }
}
