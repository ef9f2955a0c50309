import Foundation
import SwiftParser
import Testing

@testable import CPDIFacts

/// Files that contain none of the words dependencies are named with skip the value-flow questions
/// (`FactCollector.mayHoldDependencies`). The gate is a shortcut, never a decision: these tests show that it
/// changes no fact, on every Swift file of this package and on shapes written to come close to the words.
@Suite struct VocabularyGateTests {
    @Test func aPatternRequiresItsLongestPlainRun() {
        #expect(NamePattern("*Dependencies").requiredLiteral == Array("Dependencies".utf8))
        #expect(NamePattern("Has[A-Z]*").requiredLiteral == Array("Has".utf8))
        #expect(NamePattern("Spliced*Dependencies").requiredLiteral == Array("Dependencies".utf8))
        #expect(NamePattern("*").requiredLiteral.isEmpty)
        #expect(NamePattern("d?ps").requiredLiteral == Array("ps".utf8))
    }

    @Test func aPatternWithoutPlainCharactersTurnsTheGateOff() throws {
        #expect(NamingConventions.default.dependencyVocabulary?.contains(Array("Has".utf8)) == true)
        var conventions = NamingConventions.default
        conventions.aliasNames.append(try NamePattern("*"))
        #expect(conventions.dependencyVocabulary == nil)
    }

    @Test func wordsAreFoundAnywhereAndOnlyWhole() {
        let text = "let a = deps\n// servic\nHasX"
        let lines = LineTable(source: text, tree: Parser.parse(source: text), fileName: "T.swift")
        for (word, found) in [("deps", true), ("services", false), ("Has", true), ("HasXY", false), ("X", true), ("", true)] {
            #expect(lines.containsAny(of: [Array(word.utf8)]) == found, "\(word)")
        }
        #expect(lines.containsAny(of: [Array("servic".utf8), Array("ervices".utf8)]))
        #expect(!lines.containsAny(of: [Array("services".utf8), Array("Hasx".utf8), Array("depsx".utf8)]))
        #expect(!lines.containsAny(of: [Array("a longer needle than the whole text".utf8)]))
        #expect(!lines.containsAny(of: []))
    }

    /// The samples (written in every style) and two of cpdi's own folders (written in none): in a debug build
    /// parsing all of the package twice would take minutes.
    @Test func theGateChangesNoFactOfTheSamplesNorOfCodeWithoutInjection() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["Samples", "Sources/CPDIPipeline", "Sources/cpdi"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "swift" { files.append(url) }
            }
        }
        #expect(files.count > 100)
        var gated = 0
        for url in files.sorted(by: { $0.path < $1.path }) {
            let source = try String(contentsOf: url, encoding: .utf8)
            let path = String(url.path.dropFirst(root.path.count + 1))
            let fast = FactExtractor.extract(path: path, source: source, conventions: .default, gatedByVocabulary: true)
            let full = FactExtractor.extract(path: path, source: source, conventions: .default, gatedByVocabulary: false)
            #expect(fast == full, "\(path)")
            if !LineTable(source: source, tree: Parser.parse(source: source), fileName: path)
                .containsAny(of: NamingConventions.default.dependencyVocabulary ?? [])
            {
                gated += 1
            }
        }
        // Some files of the package really take the shortcut, or the comparison above proves nothing.
        #expect(gated > 30)
    }

    @Test func shapesCloseToTheVocabularyKeepTheirFacts() {
        let sources = [
            // Lower-case relatives of the words, bare and member reads, calls with labels, key paths.
            "struct Loader { let store: Store; func run() { store.load(from: store); helper(store: store) } }",
            "final class Screen { @Injected var api: API; func show() { api.fetch(); _ = \\Screen.api; self.api.go() } }",
            "func make(hasher: inout Hasher, container: [Int]) { hasher.combine(container.count) }",
            "enum Depths { case shallow; static func of(_ value: Int) -> Depths { value > 1 ? .shallow : .shallow } }",
            // A private property typed by another type's alias, written every way the walk accepts it.
            "final class Flow { private let context: Model.Context; init(context: Model.Context) { self.context = context }; func go() { Model(context: context).run() } }",
            "final class Flow { private\n  lazy var context: Model.Context = make(); func go() { _ = context.value } }",
            "final class Flow { private let context:\n    Model.Context\n  func go() { use(context) } }",
            "final class Flow { private var first, context: Model.Context?; func go() { context?.run() } }",
            "final class Flow { private nonisolated(unsafe) var context: any Model.Context; func go() { context.run() } }",
            "final class Flow { private dynamic var context: (Model.Context)?; func go() { context?.run() } }",
            "final class Flow { private weak var context: Model.Context!; func go() { context.run() } }",
            // Look-alikes the walk does not take: no gate opened, nothing recorded either way.
            "final class Flow { private let context: Box<Int>.Context; fileprivate let other: Model.Context; func go() { context.run() } }",
        ]
        for source in sources {
            let fast = FactExtractor.extract(path: "T.swift", source: source, conventions: .default, gatedByVocabulary: true)
            let full = FactExtractor.extract(path: "T.swift", source: source, conventions: .default, gatedByVocabulary: false)
            #expect(fast == full, "\(source)")
            // The typed-property shapes are real: the walk keeps `context` as a dependencies property.
            let kept = full.types.flatMap(\.dependencyProperties).contains { $0.name == "context" }
            #expect(kept == (source.contains("Model.Context") && !source.contains("Box<Int>")), "\(source)")
        }
    }
}
