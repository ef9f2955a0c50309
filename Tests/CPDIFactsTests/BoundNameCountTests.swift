import Foundation
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax
import Testing

@testable import CPDIFacts

/// The typed reads ask how often a member binds a name (`FactCollector.boundNameCounts`), counted on the raw
/// tree. The reference below is the plain `SyntaxVisitor` that counted them before: both must agree on every
/// member of the samples and of cpdi's own sources, and on shapes written to probe each kind of binding.
@Suite struct BoundNameCountTests {
    private final class ReferenceCounter: SyntaxVisitor {
        var counts: [String: Int] = [:]
        private func count(_ token: TokenSyntax) { counts[token.identifierText, default: 0] += 1 }
        override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind { count(node.identifier); return .visitChildren }
        override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind { count(node.secondName ?? node.firstName); return .visitChildren }
        override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind { count(node.name); return .visitChildren }
        override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind { count(node.secondName ?? node.firstName); return .visitChildren }
        // `[weak self]` captures the value of the name outside; only `[copy = value]` binds a new one.
        override func visit(_ node: ClosureCaptureSyntax) -> SyntaxVisitorContinueKind {
            if node.initializer != nil { count(node.name) }
            return .visitChildren
        }
    }

    /// Every member declaration of `source` (functions, initializers, properties, nested types), compared.
    private static func compareEveryMember(of source: String, _ label: String) -> Int {
        let tree = Parser.parse(source: source)
        var compared = 0
        var pending: [Syntax] = [Syntax(tree)]
        while let node = pending.popLast() {
            if let item = node.as(MemberBlockItemSyntax.self) {
                let reference = ReferenceCounter(viewMode: .sourceAccurate)
                reference.walk(item.decl)
                #expect(FactCollector.boundNameCounts(in: Syntax(item.decl).raw) == reference.counts, "\(label): \(item.decl.trimmedDescription.prefix(80))")
                compared += 1
            }
            pending += node.children(viewMode: .sourceAccurate)
        }
        return compared
    }

    @Test func rawCountsEqualTheVisitorsOnEveryMemberOfThisPackage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var compared = 0
        for folder in ["Samples", "Sources/CPDIFacts", "Sources/CPDIGraph"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                compared += Self.compareEveryMember(of: try String(contentsOf: url, encoding: .utf8), url.lastPathComponent)
            }
        }
        #expect(compared > 500)
    }

    @Test func everyKindOfBindingIsCounted() {
        let source = """
            struct Probe {
                func run(value: Int, _ other: Int, named inner: Int, `escaped`: Int) {
                    let (a, b) = (value, other)
                    if case let .some(c) = Optional(a), var d = Optional(b) { d += c }
                    for e in [inner] { _ = e }
                    _ = [1].map { f in f } + [2].map { (g: Int, h) -> Int in g } + [3].map { $0 }
                    _ = { [weak self, captured = value] in _ = (self, captured) }
                    guard let value else { return }
                }
                func broken(: Int, let) { let = 1 }
            }
            """
        #expect(Self.compareEveryMember(of: source, "probe") == 2)
    }
}
