import CPDIPipeline
import Foundation
import Testing

/// The progress line: counted across threads, drawn only on a terminal, throttled, cleared at the end.
@Suite struct CacheProgressTests {
    /// Collects what the line writes, with a clock the test moves.
    final class Screen: @unchecked Sendable {
        private let lock = NSLock()
        private var _writes: [String] = []
        private var _time = 100.0
        var writes: [String] { lock.withLock { _writes } }
        var time: Double {
            get { lock.withLock { _time } }
            set { lock.withLock { _time = newValue } }
        }
        func write(_ text: String) { lock.withLock { _writes.append(text) } }
    }

    func line(on screen: Screen) -> ProgressLine {
        ProgressLine(write: { screen.write($0) }, now: { screen.time })
    }

    @Test func nothingIsDrawnForAQuickRun() {
        let screen = Screen()
        let progress = line(on: screen)
        screen.time += ProgressLine.delay / 2
        progress.update(ExtractionProgress(done: 10, total: 10, reused: 0))
        progress.finish()
        #expect(screen.writes.isEmpty)
    }

    @Test func aLongRunRedrawsOneLineAtMostTenTimesASecondAndClearsIt() {
        let screen = Screen()
        let progress = line(on: screen)
        screen.time += 1
        progress.update(ExtractionProgress(done: 100, total: 400, reused: 40))
        screen.time += ProgressLine.interval / 4
        progress.update(ExtractionProgress(done: 101, total: 400, reused: 40))  // too soon: skipped
        screen.time += ProgressLine.interval
        progress.update(ExtractionProgress(done: 300, total: 400, reused: 40))
        screen.time += ProgressLine.interval / 4
        progress.update(ExtractionProgress(done: 400, total: 400, reused: 40))  // the last one always shows
        progress.finish()
        let writes = screen.writes
        #expect(writes.count == 4)
        #expect(writes.first == "\rcpdi: 100/400 files (25%), 100 files/s, 40 from cache\u{1B}[K")
        #expect(writes[2].hasPrefix("\rcpdi: 400/400 files (100%)"))
        #expect(writes.last == "\r\u{1B}[K")
        #expect(writes.allSatisfy { !$0.contains("\n") }, "the line redraws itself instead of scrolling")
    }

    @Test func onlyATerminalWithoutQuietGetsALine() {
        #expect(ProgressLine.forTerminal(quiet: false, isTerminal: true) { _ in } != nil)
        #expect(ProgressLine.forTerminal(quiet: true, isTerminal: true) { _ in } == nil)
        #expect(ProgressLine.forTerminal(quiet: false, isTerminal: false) { _ in } == nil)
    }

    @Test func thePipelineReportsEveryFileOnce() throws {
        final class Log: @unchecked Sendable {
            let lock = NSLock()
            var events: [ExtractionProgress] = []
        }
        let log = Log()
        let result = try Pipeline().run(paths: ["Samples/ShopApp"], workingDirectory: Fixtures.packageRoot) { progress in
            log.lock.withLock { log.events.append(progress) }
        }
        let events = log.lock.withLock { log.events }
        #expect(events.count == result.files.count)
        #expect(Set(events.map(\.done)) == Set(1...result.files.count))
        #expect(events.allSatisfy { $0.total == result.files.count && $0.reused == 0 })
    }

    @Test func stderrThatIsNotATerminalGetsNoProgressAndTheCacheOptionsWork() throws {
        try Fixtures.withTemporaryFolder { folder in
            try BadInputTests.good.write(to: folder.appendingPathComponent("Foo.swift"), atomically: true, encoding: .utf8)
            let cli = CommandLineTests()
            let plain = try cli.cpdi("check", in: folder)
            #expect(!plain.stderr.contains("\r") && !plain.stderr.contains("files/s"))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".cpdi-cache").path), "on by default")
            let warm = try cli.cpdi("check", "--quiet", in: folder)
            #expect(warm.stdout == plain.stdout)
            #expect(warm.status == plain.status)

            let elsewhere = folder.appendingPathComponent("elsewhere")
            _ = try cli.cpdi("check", "--cache-path", "elsewhere", in: folder)
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).contains { $0.hasSuffix(".pack") })

            try FileManager.default.removeItem(at: folder.appendingPathComponent(".cpdi-cache"))
            let uncached = try cli.cpdi("check", "--no-cache", in: folder)
            #expect(uncached.stdout == plain.stdout)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".cpdi-cache").path))
        }
    }
}
