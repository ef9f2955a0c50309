import CPDIRules
import SwiftParser
import SwiftSyntax

/// Deletes whole declarations (an injected property nothing reads) through the syntax tree: the attributes,
/// the comments written right above it and its line go; a blank line before it is kept.
public enum DeclarationRemover {
    /// The file's text without the declarations whose name is written at the given places, or nil when the
    /// file does not parse cleanly (it is then left alone) or nothing matches.
    public static func apply(_ removals: [DeclarationRemoval], to source: String) -> String? {
        let tree = Parser.parse(source: source)
        guard !tree.hasError else { return nil }
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let targets = Set(removals.map { MemberPosition(line: $0.line, column: $0.column) })
        let text = Remover(converter: converter, targets: targets).visit(tree).description
        return text == source ? nil : text
    }
}

private final class Remover: SyntaxRewriter {
    let converter: SourceLocationConverter
    let targets: Set<MemberPosition>

    init(converter: SourceLocationConverter, targets: Set<MemberPosition>) {
        self.converter = converter
        self.targets = targets
        super.init(viewMode: .sourceAccurate)
    }

    /// Whether a declaration declares one of the names to remove (a single-binding variable only: removing
    /// `var a, b` would take a name that is still read).
    private func isTarget(_ decl: some SyntaxProtocol) -> Bool {
        guard let variable = decl.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first else {
            return false
        }
        let location = binding.pattern.startLocation(converter: converter)
        return targets.contains(MemberPosition(line: location.line, column: location.column))
    }

    // Targets are found on the original items, whose positions the converter knows; the removal is applied
    // to the visited ones, in which a nested list may have changed.
    override func visit(_ node: MemberBlockItemListSyntax) -> MemberBlockItemListSyntax {
        let removed = node.map { isTarget($0.decl) }
        let visited = super.visit(node)
        guard removed.contains(true) else { return visited }
        return MemberBlockItemListSyntax(removing(Array(visited), removed))
    }

    override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
        let removed = node.map { item in
            if case .decl(let decl) = item.item { return isTarget(decl) }
            return false
        }
        let visited = super.visit(node)
        guard removed.contains(true) else { return visited }
        return CodeBlockItemListSyntax(removing(Array(visited), removed))
    }

    /// The items without the matching ones; the item after a removed one keeps the blank line written before it.
    private func removing<Item: SyntaxProtocol>(_ items: [Item], _ removed: [Bool]) -> [Item] {
        var kept: [Item] = []
        var blankLineBefore = false
        for (item, isRemoved) in zip(items, removed) {
            if isRemoved {
                blankLineBefore = blankLineBefore || item.leadingTrivia.pieces.contains { if case .newlines(let count) = $0 { count >= 2 } else { false } }
                continue
            }
            var item = item
            if blankLineBefore, case .newlines(let count)? = item.leadingTrivia.pieces.first, count < 2 {
                item.leadingTrivia = Trivia(pieces: [.newlines(2)] + item.leadingTrivia.pieces.dropFirst())
            }
            blankLineBefore = false
            kept.append(item)
        }
        return kept
    }
}
