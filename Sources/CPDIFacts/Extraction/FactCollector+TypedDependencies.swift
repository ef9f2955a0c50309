import SwiftSyntax

/// Dependencies values named unlike dependencies (`private let context: Context`, `dependency: Dependency`),
/// known by their type alone. Apps that compose Has-protocols often name the alias and the value after
/// their own words (`typealias Context = HasWeather & HasLocation`); the type still says what the value is.
///
/// The walk reads one file, so only what the file proves counts: the type must be an alias the file itself
/// declares as a composition of dependency protocols, and the value must be one whose every read is in this
/// file (a `private` stored property, whose extensions elsewhere cannot see it, or a function's parameter).
/// Anything else stays unrecognised, as before, rather than judged on reads cpdi may not have seen.
extension FactCollector {
    /// Remembers the dependency-like aliases declared directly in a type body or at the top of the file,
    /// before anything typed by them is read.
    func rememberDependencyAliases(_ declarations: some Sequence<DeclSyntax>) {
        for declaration in declarations {
            guard let alias = declaration.as(TypeAliasDeclSyntax.self) else { continue }
            let name = alias.name.identifierText
            // Named like an alias, it is followed by name already; most files have only those.
            if isAliasLikeName(name) { continue }
            let value = alias.initializer.value
            // A labelled tuple of aliases is no composition; `(HasA & HasB)` in parentheses is one.
            let isParenthesized = value.as(TupleTypeSyntax.self).map { $0.elements.count == 1 && $0.elements.first?.firstName == nil } ?? false
            let members = value.is(TupleTypeSyntax.self) && !isParenthesized ? [] : references(value)
            let composesDependencies = members.contains { conventions.namesDependency($0.lastComponent) }
            if composesDependencies { dependencyAliasesInFile.insert(name) } else { otherAliasesInFile.insert(name) }
        }
    }

    /// A type written as a dependency-like alias of this file (`Context`, `ForecastModel.Context`), named
    /// unlike an alias; a name the file also declares as some other alias is not one.
    func isFileDependencyAlias(_ type: TypeSyntax) -> Bool {
        guard !dependencyAliasesInFile.isEmpty, let name = type.unwrapped.nominalName else { return false }
        return isFileDependencyAliasName(String(name.lastDottedPart))
    }

    func isFileDependencyAliasName(_ simpleName: String) -> Bool {
        !dependencyAliasesInFile.isEmpty && dependencyAliasesInFile.contains(simpleName) && !otherAliasesInFile.contains(simpleName)
            && !isGenericName(simpleName)
    }

    /// `private let context: Context` with `Context` a dependency-like alias of this file, or
    /// `private let context: ForecastModel.Context`, an alias another type declares: a stored dependencies
    /// value known by its type, read nowhere but in this file. The second is a guess the file cannot check;
    /// linking keeps it only where the name turns out to be a dependency alias.
    func isPrivateTypedDependencies(_ variable: VariableDeclSyntax, type: TypeSyntax?) -> Bool {
        // `private(set)` reads as internal: only a value private for reading too is kept in this file.
        guard let type, variable.modifiers.accessLevel == .private, !variable.modifiers.isStatic else { return false }
        // The guess needs the value followed (`mayHoldDependencies`), else its reads would go unseen.
        return isFileDependencyAlias(type) || mayHoldDependencies && isOtherTypesAlias(type)
    }

    /// `ForecastModel.Context`: a type nested in another, named unlike a dependencies alias, which may be one.
    func isOtherTypesAlias(_ type: TypeSyntax) -> Bool {
        guard let member = type.unwrapped.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
            let base = member.baseType.as(IdentifierTypeSyntax.self), base.genericArgumentClause == nil,
            member.name.identifierText.first?.isUppercase == true
        else { return false }
        return true
    }

    /// `ForecastModel.Context` written anywhere: a place an alias named in the app's own words may be used,
    /// which linking must account for before it judges the components of that alias.
    func recordQualifiedMention(_ node: MemberTypeSyntax) {
        guard let base = node.baseType.as(IdentifierTypeSyntax.self), let first = node.name.text.utf8.first,
            first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z")
        else { return }
        let mention = AliasMention(name: base.name.identifierText + "." + node.name.identifierText, enclosingType: enclosingType)
        if mentionsSeen.insert(mention).inserted { facts.aliasMentions.append(mention) }
    }
}
