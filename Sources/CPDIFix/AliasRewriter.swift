import CPDIRules
import SwiftParser
import SwiftSyntax

/// Applies alias edits to one file through its syntax tree, so comments, line breaks and the
/// indentation of the composition survive; only the members named change.
public enum AliasRewriter {
    /// The file's text with every edit applied, or nil when the file does not parse cleanly (it is then
    /// left alone) or no edit changes anything.
    public static func apply(_ edits: [AliasEdit], to source: String) -> String? {
        let tree = Parser.parse(source: source)
        guard !tree.hasError else { return nil }
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var byAlias: [MemberPosition: (remove: Set<MemberPosition>, add: [String])] = [:]
        for edit in edits {
            let key = MemberPosition(line: edit.line, column: edit.column)
            var entry = byAlias[key] ?? ([], [])
            entry.remove.formUnion(edit.remove)
            for name in edit.add where !entry.add.contains(name) { entry.add.append(name) }
            byAlias[key] = entry
        }
        let rewritten = Rewriter(converter: converter, edits: byAlias).visit(tree)
        let text = rewritten.description
        return text == source ? nil : text
    }
}

private final class Rewriter: SyntaxRewriter {
    let converter: SourceLocationConverter
    let edits: [MemberPosition: (remove: Set<MemberPosition>, add: [String])]

    init(converter: SourceLocationConverter, edits: [MemberPosition: (remove: Set<MemberPosition>, add: [String])]) {
        self.converter = converter
        self.edits = edits
        super.init(viewMode: .sourceAccurate)
    }

    private func position(_ node: some SyntaxProtocol) -> MemberPosition {
        let location = node.startLocation(converter: converter)
        return MemberPosition(line: location.line, column: location.column)
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> DeclSyntax {
        guard let edit = edits[position(node.name)] else { return super.visit(node) }
        var alias = node
        let editing = CompositionEditing(position: { self.position($0) })
        if var tuple = node.initializer.value.as(TupleTypeSyntax.self), tuple.elements.count > 1 {
            // `(own: A & B, nested: C)`: each element is a composition of its own; what replaces a removed
            // member goes into the element it was removed from.
            let elements = Array(tuple.elements)
            let target = elements.firstIndex { element in edit.remove.contains { self.contains(element.type, $0) } } ?? elements.count - 1
            let edited = elements.enumerated().map { index, element in
                let add = index == target ? edit.add : []
                guard !add.isEmpty || edit.remove.contains(where: { self.contains(element.type, $0) }) else { return element }
                return element.with(\.type, editing.edit(element.type, remove: edit.remove, add: add))
            }
            tuple.elements = TupleTypeElementListSyntax(edited)
            alias.initializer.value = TypeSyntax(tuple)
            return DeclSyntax(alias)
        }
        alias.initializer.value = editing.edit(node.initializer.value, remove: edit.remove, add: edit.add)
        return DeclSyntax(alias)
    }

    /// A protocol that declares nothing and only inherits stands as an alias of its parents: the edit goes to its
    /// inheritance clause (`protocol HomeDependencies: HasLogger, HasStore & HasClock {}`), one parent per element
    /// or several composed in one.
    override func visit(_ node: ProtocolDeclSyntax) -> DeclSyntax {
        guard let edit = edits[position(node.name)], let clause = node.inheritanceClause else { return super.visit(node) }
        let editing = CompositionEditing(position: { self.position($0) })
        let original = Array(clause.inheritedTypes)
        var kept: [InheritedTypeSyntax] = []
        for element in original {
            if edit.remove.contains(position(element.type)) { continue }
            if element.type.is(CompositionTypeSyntax.self), edit.remove.contains(where: { contains(element.type, $0) }) {
                let edited = editing.edit(element.type, remove: edit.remove, add: [])
                if edited.as(IdentifierTypeSyntax.self)?.name.text == "Any" { continue }
                kept.append(element.with(\.type, edited))
            } else {
                kept.append(element)
            }
        }
        let written = Set(original.map { $0.type.trimmedDescription })
        // A parent added goes on a line of its own where the parents are written one per line.
        // On one line the space after a comma belongs to the comma, so a parent added there starts with nothing.
        let layout = original.dropFirst().map(\.type.leadingTrivia).last { $0.containsNewline }?.lastLineBreak ?? []
        for name in edit.add where !written.contains(name) {
            kept.append(InheritedTypeSyntax(type: TypeSyntax(IdentifierTypeSyntax(leadingTrivia: layout, name: .identifier(name)))))
        }
        var declaration = node
        guard let first = original.first, let last = original.last, !kept.isEmpty else {
            // Nothing left to inherit: `protocol HomeDependencies {}`, with the space the clause ended in.
            declaration.inheritanceClause = nil
            declaration.name = node.name.with(\.trailingTrivia, node.name.trailingTrivia + (original.last?.type.trailingTrivia ?? []))
            return DeclSyntax(declaration)
        }
        kept[0].type = kept[0].type.with(\.leadingTrivia, first.type.leadingTrivia)
        for index in kept.indices {
            if index == kept.count - 1 {
                kept[index].trailingComma = nil
                if kept[index].id != last.id {
                    kept[index].type = kept[index].type.with(\.trailingTrivia, last.type.trailingTrivia)
                }
            } else if kept[index].trailingComma == nil {
                kept[index].type = kept[index].type.with(\.trailingTrivia, [])
                kept[index].trailingComma = .commaToken(trailingTrivia: kept[index + 1].type.leadingTrivia.containsNewline ? [] : .space)
                if !kept[index + 1].type.leadingTrivia.containsNewline {
                    kept[index + 1].type = kept[index + 1].type.with(\.leadingTrivia, [])
                }
            }
        }
        declaration.inheritanceClause = clause.with(\.inheritedTypes, InheritedTypeListSyntax(kept))
        return DeclSyntax(declaration)
    }

    /// Whether a member position lies inside a type's text.
    private func contains(_ type: TypeSyntax, _ member: MemberPosition) -> Bool {
        let start = type.startLocation(converter: converter)
        let end = type.endLocation(converter: converter)
        return (start.line, start.column) <= (member.line, member.column) && (member.line, member.column) < (end.line, end.column)
    }
}

/// Drops and appends members of a composition (`A & B & C`, possibly over several lines with comments),
/// keeping every kept member's own trivia and the layout of the separators.
private struct CompositionEditing {
    let position: (TypeSyntax) -> MemberPosition

    func edit(_ value: TypeSyntax, remove: Set<MemberPosition>, add: [String]) -> TypeSyntax {
        // Each member with the `&` written before it: a comment or line break before the `&` belongs to
        // the member it introduces, and goes when that member goes.
        var members: [(before: TokenSyntax?, type: TypeSyntax)] = []
        if let composition = value.as(CompositionTypeSyntax.self) {
            var before: TokenSyntax?
            for element in composition.elements {
                members.append((before, element.type))
                before = element.ampersand
            }
        } else {
            members = [(nil, value)]
        }
        let firstLeading = members[0].type.leadingTrivia
        let lastTrailing = members[members.count - 1].type.trailingTrivia
        let lastID = members[members.count - 1].type.id
        // The layout between members: a line break before `&` (its indentation, not its comments)…
        let separator = members.compactMap(\.before).last { $0.leadingTrivia.containsNewline }
            .map { $0.with(\.leadingTrivia, $0.leadingTrivia.lastLineBreak) }
        // …or a line break after it, before the member.
        let brokenMemberLeading = members.dropFirst().map(\.type.leadingTrivia).last { $0.containsNewline }

        var kept = members.filter { !remove.contains(position($0.type.unwrappedForPosition)) }
        let removedLast = kept.last?.type.id != lastID
        let written = Set(kept.map { $0.type.trimmedDescription })
        for name in add where !written.contains(name) {
            kept.append((nil, TypeSyntax(IdentifierTypeSyntax(leadingTrivia: brokenMemberLeading?.lastLineBreak ?? [], name: .identifier(name)))))
        }
        // On one line, what ended the line after the old last member (a comment) stays at the very end.
        var tail: Trivia = removedLast && separator == nil ? lastTrailing : []
        guard !kept.isEmpty else {
            return TypeSyntax(IdentifierTypeSyntax(leadingTrivia: firstLeading, name: .identifier("Any"), trailingTrivia: tail))
        }
        kept[0].before = nil
        kept[0].type = kept[0].type.with(\.leadingTrivia, firstLeading)
        for index in kept.indices.dropFirst() where kept[index].before == nil {
            var previous = kept[index - 1].type
            if let separator {
                kept[index].before = separator
            } else {
                // A comment after the member before would swallow the `&` written after it on one line.
                if previous.trailingTrivia.containsComment {
                    tail = previous.trailingTrivia + tail
                    previous = previous.with(\.trailingTrivia, [])
                }
                let spaced = previous.trailingTrivia.pieces.last?.isSpaceOrTab ?? false
                kept[index].before = .binaryOperator(
                    "&", leadingTrivia: spaced ? [] : .space, trailingTrivia: kept[index].type.leadingTrivia.containsNewline ? [] : .space
                )
            }
            kept[index - 1].type = previous
        }
        // The new last member loses the space it had before an `&`, and carries what ended the line.
        let last = kept.count - 1
        var lastType = kept[last].type
        if lastType.id != lastID { lastType = lastType.with(\.trailingTrivia, lastType.trailingTrivia.droppingTrailingSpaces) }
        kept[last].type = lastType.with(\.trailingTrivia, lastType.trailingTrivia + tail)
        if kept.count == 1 { return kept[0].type }
        let elements = kept.indices.map { index in
            CompositionTypeElementSyntax(type: kept[index].type, ampersand: index + 1 < kept.count ? kept[index + 1].before : nil)
        }
        return TypeSyntax(CompositionTypeSyntax(elements: CompositionTypeElementListSyntax(elements)))
    }
}

private extension Trivia {
    var containsNewline: Bool { pieces.contains { $0.isNewline } }
    var containsComment: Bool { pieces.contains { $0.isComment } }
    /// The last line break and the indentation after it, without comments: the layout, not the words.
    var lastLineBreak: Trivia {
        guard let index = pieces.lastIndex(where: { $0.isNewline }) else { return self }
        return Trivia(pieces: pieces[index...].filter { $0.isNewline || $0.isSpaceOrTab }.suffix(2))
    }

    var droppingTrailingSpaces: Trivia {
        var pieces = self.pieces
        while let last = pieces.last, last.isSpaceOrTab { pieces.removeLast() }
        return Trivia(pieces: pieces)
    }
}

private extension TriviaPiece {
    var isSpaceOrTab: Bool {
        switch self {
        case .spaces, .tabs: true
        default: false
        }
    }
}

private extension TypeSyntax {
    /// Where the extraction placed a member: the name itself, past `any`, `some` or attributes.
    var unwrappedForPosition: TypeSyntax {
        if let some = self.as(SomeOrAnyTypeSyntax.self) { return some.constraint.unwrappedForPosition }
        if let attributed = self.as(AttributedTypeSyntax.self) { return attributed.baseType.unwrappedForPosition }
        return self
    }
}
