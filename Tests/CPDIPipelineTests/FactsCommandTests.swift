import Foundation
import Testing

/// `cpdi facts` per module, each in its own process as a build system's actions would run it, then
/// `cpdi check --facts` (and `report`, `graph`) over the files: the same bytes as one scan of the app.
@Suite(.serialized) struct FactsCommandTests {
    let cli = CommandLineTests()

    /// A generated app in `folder/app` with planted findings (as one package target when `package`), and
    /// the names of its folders under `Sources`, one module each unless the package says otherwise.
    private func generateApp(in folder: URL, package: Bool = false) throws -> [String] {
        var arguments = ["generate", "--components", "120", "--modules", "4", "--plant", "2", "--seed", "5", "--output", "app"]
        if package { arguments.append("--package") }
        let generated = try cli.cpdi(arguments, in: folder)
        #expect(generated.status == 0, "\(generated.stderr)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("app/Sources").path).sorted()
    }

    /// One `cpdi facts` process per path (a module folder, or a file), run in `app`; returns the facts
    /// files' paths relative to `app`.
    private func extractModules(_ paths: [String], in app: URL) throws -> [String] {
        try paths.map { path in
            let output = "../facts/\(URL(fileURLWithPath: path).lastPathComponent).facts"
            let run = try cli.cpdi(["facts", path, "-o", output], in: app)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.hasPrefix("cpdi: wrote \(output) ("), "\(run.stderr)")
            return output
        }
    }

    /// The summary line without its time, which differs between any two runs.
    private func untimed(_ stderr: String) -> String {
        stderr.replacing(#/ in \d+\.\d\d s\n/#, with: "\n")
    }

    @Test(arguments: [false, true])
    func linkingEveryModulesFactsPrintsWhatOneCheckPrints(package: Bool) throws {
        try Fixtures.withTemporaryFolder { folder in
            let modules = try generateApp(in: folder, package: package)
            #expect(modules.count == 5)  // Module1…4 and App
            let app = folder.appendingPathComponent("app")
            // A file that cannot be read is a problem in both runs, reported the same way.
            try Data([0xC3, 0x28]).write(to: app.appendingPathComponent("Sources/Module2/Broken.swift"))
            // The package manifest is a Swift file of the app too, outside every module folder.
            let facts = try extractModules(modules.map { "Sources/\($0)" } + (package ? ["Package.swift"] : []), in: app)

            // Every command scans first; then the sources go, so the linked runs can only have read the facts.
            let commands: [(scan: [String], link: [String])] = [
                (["check", "--no-cache", "."], ["check", "--facts"] + facts),
                (["check", "--absolute-paths", "--no-cache", "."], ["check", "--absolute-paths", "--facts"] + facts),
                (["report", "--format", "json", "--no-cache", "."], ["report", "--format", "json", "--facts"] + facts),
                (["graph", "--format", "dot", "-o", "-", "--no-cache", "."], ["graph", "--format", "dot", "-o", "-", "--facts"] + facts),
            ]
            let scans = try commands.map { try cli.cpdi($0.scan, in: app) }
            try FileManager.default.moveItem(at: app.appendingPathComponent("Sources"), to: folder.appendingPathComponent("Sources.gone"))
            if package { try FileManager.default.removeItem(at: app.appendingPathComponent("Package.swift")) }
            let links = try commands.map { try cli.cpdi($0.link, in: app) }

            let (scanned, linked) = (scans[0], links[0])
            #expect(scanned.stdout.contains("warning:"), "the planted findings are found: \(scanned.stderr)")
            #expect(scanned.status == 2)  // the unreadable file
            #expect(linked.stderr.contains("Sources/Module2/Broken.swift: error: not valid UTF-8"))
            for (command, (scan, link)) in zip(commands, zip(scans, links)) {
                #expect(scan.stdout.count > 1000, "\(command.scan): \(scan.stderr)")
                #expect(link.stdout == scan.stdout, "\(command.link)")
                #expect(link.status == scan.status, "\(command.link)")
                #expect(untimed(link.stderr) == untimed(scan.stderr), "\(command.link)")
            }
        }
    }

    @Test func factsAreTheSameBytesRunAfterRunAndUnderAnotherCheckoutPath() throws {
        try Fixtures.withTemporaryFolder { folder in
            _ = try generateApp(in: folder)
            let app = folder.appendingPathComponent("app")
            let elsewhere = folder.appendingPathComponent("other/checkout/app")
            try FileManager.default.createDirectory(at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: app, to: elsewhere)

            #expect(try cli.cpdi("facts", "Sources/Module3", "-o", "../first.facts", in: app).status == 0)
            #expect(try cli.cpdi("facts", "Sources/Module3", "-o", "../second.facts", in: app).status == 0)
            #expect(try cli.cpdi("facts", "Sources/Module3", "-o", "../third.facts", in: elsewhere).status == 0)
            // From above the checkout, with the app as the root: the same names inside.
            let rooted = try cli.cpdi("facts", "checkout/app/Sources/Module3", "--root", "checkout/app", "-o", "fourth.facts", in: elsewhere.deletingLastPathComponent().deletingLastPathComponent())
            #expect(rooted.status == 0, "\(rooted.stderr)")

            let read = { (name: String) in try Data(contentsOf: folder.appendingPathComponent(name)) }
            let first = try read("first.facts")
            #expect(first.count > 1000)
            #expect(try read("second.facts") == first)
            #expect(try read("other/checkout/third.facts") == first)
            #expect(try read("other/fourth.facts") == first)
            #expect(first.range(of: Data(folder.path.utf8)) == nil, "no absolute path in the facts")
            #expect(first.range(of: Data("Sources/Module3/".utf8)) != nil)
        }
    }

    @Test func moduleOptionPutsEveryFileInThatModule() throws {
        try Fixtures.withTemporaryFolder { folder in
            _ = try generateApp(in: folder)
            let app = folder.appendingPathComponent("app")
            let run = try cli.cpdi("facts", "Sources/Module1", "Sources/Module2", "--module", "Shared", "-o", "shared.facts", "--quiet", in: app)
            #expect(run.status == 0)
            #expect(run.stderr.contains("of module Shared)"), "\(run.stderr)")
            let unnamed = try cli.cpdi("facts", "Sources/Module1", "Sources/Module2", "-o", "split.facts", in: app)
            #expect(unnamed.stderr.contains("of modules Module1, Module2)"), "\(unnamed.stderr)")
        }
    }

    @Test func badFactsFilesFailOnOneLineNamingTheFile() throws {
        try Fixtures.withTemporaryFolder { folder in
            _ = try generateApp(in: folder)
            let app = folder.appendingPathComponent("app")
            #expect(try cli.cpdi("facts", "Sources/Module1", "-o", "good.facts", in: app).status == 0)
            let good = try Data(contentsOf: app.appendingPathComponent("good.facts"))
            // The four header lines; the payload after them keeps its bytes in every variant.
            var newlines = 0
            let headerLength = try #require(good.firstIndex { byte in
                if byte == UInt8(ascii: "\n") { newlines += 1 }
                return newlines == 4
            }) + 1 - good.startIndex
            let header = String(decoding: good.prefix(headerLength), as: UTF8.self)
            let writer = header.split(separator: "\n")[1].split(separator: " ")  // cpdi VERSION facts FORMAT DIGEST
            func variant(_ name: String, _ bytes: Data) throws -> String {
                try bytes.write(to: app.appendingPathComponent(name))
                return name
            }
            func replacing(_ old: String, _ new: String) -> Data {
                Data(header.replacingOccurrences(of: old, with: new).utf8) + good.dropFirst(headerLength)
            }
            let writerLine = writer.joined(separator: " ")
            var damaged = good
            damaged[damaged.count - 3] ^= 0xFF
            try Data("exclude: [Nothing]\n".utf8).write(to: app.appendingPathComponent("other.yml"))
            #expect(try cli.cpdi("facts", "Sources/Module2", "--config", "other.yml", "-o", "configured.facts", in: app).status == 0)

            let cases: [(arguments: [String], message: String)] = [
                (["nope.facts"], "nope.facts: cannot read the facts file; check the path"),
                ([try variant("text.facts", Data("hello\n".utf8))], "text.facts: not a cpdi facts file; write it again with `cpdi facts MODULE_DIR… -o text.facts`"),
                ([try variant("format.facts", replacing("cpdi-facts 1\n", "cpdi-facts 9\n"))], "format.facts: facts file format 9, but this cpdi reads format 1"),
                ([try variant("old.facts", replacing(writerLine, "cpdi 0.0.9 facts 3 \(writer[4])"))],
                 "old.facts: written by cpdi 0.0.9 (facts format 3), but this is cpdi \(writer[1]) (facts format \(writer[3]))"),
                ([try variant("build.facts", replacing(writerLine, "cpdi \(writer[1]) facts \(writer[3]) \(String(repeating: "0", count: 32))"))],
                 "build.facts: written by another build of cpdi \(writer[1]), whose facts differ from this build's"),
                ([try variant("damaged.facts", damaged)], "damaged.facts: damaged facts file (checksum does not match)"),
                ([try variant("short.facts", good.prefix(20))], "short.facts: damaged facts file (incomplete header)"),
                (["configured.facts"], "configured.facts: extracted with other settings (naming, include, exclude, module-roots) than this run's (no configuration file)"),
                (["good.facts", "good.facts"], "good.facts: Sources/Module1/"),
            ]
            for (arguments, message) in cases {
                let run = try cli.cpdi(["check", "--facts"] + arguments, in: app)
                #expect(run.status == 2, "\(arguments)")
                #expect(run.stderr.hasPrefix("cpdi: error: " + message), "\(run.stderr)")
                #expect(run.stderr.filter { $0 == "\n" }.count == 1, "one line: \(run.stderr)")
                #expect(run.stdout.isEmpty)
            }
            // The configuration the facts were made with links them.
            #expect(try cli.cpdi("check", "--config", "other.yml", "--facts", "configured.facts", in: app).status == 0)
        }
    }

    @Test func factsAndPathsOrFixingAreUsageErrors() throws {
        for arguments in [["check", "Samples", "--facts", "a.facts"], ["fix", "--facts", "a.facts"], ["check", "--fix", "--facts", "a.facts"],
                          ["report", "--format", "json", "--from", "r.json", "--facts", "a.facts"]] {
            let run = try cli.cpdi(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains("--facts"), "\(run.stderr)")
        }
    }

    @Test func badModuleFoldersFailOnOneLine() throws {
        try Fixtures.withTemporaryFolder { folder in
            _ = try generateApp(in: folder)
            let app = folder.appendingPathComponent("app")
            let missing = try cli.cpdi("facts", "Sources/Nope", "-o", "x.facts", in: app)
            #expect(missing.status == 2)
            #expect(missing.stderr == "cpdi: error: Sources/Nope: no such file or directory; pass the module's folders\n")
            let outside = try cli.cpdi("facts", "Sources/Module1", "--root", "Sources/App", "-o", "x.facts", in: app)
            #expect(outside.status == 2)
            #expect(outside.stderr.hasPrefix("cpdi: error: /"), "\(outside.stderr)")
            #expect(outside.stderr.contains("not under the root"), "\(outside.stderr)")
            #expect(!FileManager.default.fileExists(atPath: app.appendingPathComponent("x.facts").path))
        }
    }
}
