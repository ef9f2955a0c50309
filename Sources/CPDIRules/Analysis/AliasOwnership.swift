import CPDIFacts
import CPDIGraph

/// Which component an alias or a spliced type is named after. The naming, location, reuse and
/// splicing rules all ask this, and all answer it from the configured name patterns with the `*`
/// filled in by the component's name (`*Dependencies` → `FooDependencies`).
struct AliasOwnership {
    let model: DependencyModel
    /// Components by each stem their name gives (`stems(of:)`), in name order: an alias name is matched by
    /// taking the stem out of it, so no name is built for every component and pattern (four per component
    /// by default, most of them never asked for).
    private var componentsByStem: [String: [String]] = [:]
    /// The text before and after the `*` of each pattern with one `*`.
    private let templates: [(prefix: String, suffix: String)]
    /// Alias names each component may have by a pattern with several `*`, filled in (few apps configure one).
    private var componentsByFilledName: [String: [String]] = [:]

    init(model: DependencyModel) {
        self.model = model
        let patterns = (model.conventions.aliasNames + model.conventions.externalAliasNames).compactMap { pattern -> [String]? in
            let parts = pattern.pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
            return parts.count > 1 && !parts.joined().contains(where: { "?[".contains($0) }) ? parts : nil
        }
        templates = patterns.filter { $0.count == 2 }.map { ($0[0], $0[1]) }
        let filled = patterns.filter { $0.count > 2 }
        for component in model.sortedComponentNames {
            for stem in Self.stems(of: component) {
                if componentsByStem[stem]?.last != component { componentsByStem[stem, default: []].append(component) }
                for parts in filled { componentsByFilledName[parts.joined(separator: stem), default: []].append(component) }
            }
        }
    }

    /// The components an alias of this simple name is named after, in name order.
    private func components(namedBy name: String) -> [String] {
        var found: [[String]] = []
        let length = name.utf8.count
        for (prefix, suffix) in templates {
            let outside = prefix.utf8.count + suffix.utf8.count
            guard length > outside, name.hasPrefix(prefix), name.hasSuffix(suffix) else { continue }
            let stem = String(decoding: name.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count), as: UTF8.self)
            guard prefix + stem + suffix == name, let components = componentsByStem[stem] else { continue }
            found.append(components)
        }
        if let components = componentsByFilledName[name] { found.append(components) }
        guard found.count > 1 else { return found.first ?? [] }
        return Array(Set(found.joined())).sorted()
    }

    /// How a component's name may appear inside an alias name: `Inner`, and for nested types and
    /// methods `Outer_Inner` and `OuterInner` (`Analytics_trackDependencies`).
    static func stems(of component: String) -> [String] {
        let parts = component.split(separator: ".").map(String.init)
        guard parts.count > 1 else { return [component] }
        return [parts.last!, parts.joined(separator: "_"), parts.joined()]
    }

    /// The pattern with `*` replaced by `stem`, when that leaves a plain name.
    static func literal(_ pattern: NamePattern, filledWith stem: String) -> String? {
        let text = pattern.pattern
        guard text.contains("*") else { return nil }
        let filled = text.split(separator: "*", omittingEmptySubsequences: false).joined(separator: stem)
        return filled.contains(where: { "*?[".contains($0) }) ? nil : filled
    }

    /// Whether `name` fits one of `patterns` with `*` standing for the component's name.
    static func name(_ name: String, fits patterns: [NamePattern], for component: String) -> Bool {
        stems(of: component).contains { stem in
            patterns.contains { pattern in
                guard pattern.pattern.contains("*"),
                    let filled = try? NamePattern(pattern.pattern.split(separator: "*", omittingEmptySubsequences: false).joined(separator: stem))
                else { return false }
                return filled.matches(name)
            }
        }
    }

    /// Nested in the component, or named after it.
    func isOwnAlias(_ alias: AliasFact, of component: String) -> Bool {
        if alias.enclosingType == component { return true }
        // A top-level alias renamed by module (`Shop.StoreDependencies`) is still named after `Shop.Store`.
        return components(namedBy: LeafName.simple(alias.name)).contains(component)
    }

    /// The component an alias belongs to: the component it is nested in, else the one it is named after.
    func owner(of alias: AliasFact) -> String? {
        if let enclosing = alias.enclosingType, model.components[enclosing] != nil { return enclosing }
        let candidates = components(namedBy: LeafName.simple(alias.name))
        // Two modules may each have a `Store`: the one in the alias's module is its owner.
        let module = alias.enclosingType == nil && alias.name.utf8.contains(UInt8(ascii: ".")) ? String(alias.name.split(separator: ".")[0]) : nil
        return candidates.first { module == nil || $0.hasPrefix("\(module!).") } ?? candidates.first
    }

    /// The alias name a component should have: the first alias pattern with its name filled in.
    func suggestedAliasName(for component: String) -> String {
        let simple = Self.stems(of: component)[0]
        for pattern in model.conventions.aliasNames {
            if let name = Self.literal(pattern, filledWith: simple) { return name }
        }
        return "\(simple)Dependencies"
    }

    /// The component a spliced type (`SplicedFooDependencies`) splices for, if it is one of the components.
    func splicedOwner(of type: String) -> String? {
        let simple = LeafName.simple(type)
        return model.sortedComponentNames.first {
            Self.name(simple, fits: model.conventions.splicedTypeNames, for: $0)
        }
    }

    func isSplicedType(_ type: String) -> Bool {
        model.conventions.isSplicedTypeName(LeafName.simple(type))
    }
}

/// Whether one of two qualified type names is nested in the other (or they are the same).
func areNested(_ lhs: String, _ rhs: String) -> Bool {
    lhs == rhs || lhs.hasPrefix("\(rhs).") || rhs.hasPrefix("\(lhs).")
}

/// The innermost component around a type (itself or one it is nested in).
func enclosingComponent(of type: String?, in model: DependencyModel) -> String? {
    var current = type.map { Substring($0) }
    while let name = current, !name.isEmpty {
        if model.components[String(name)] != nil { return String(name) }
        current = name.lastIndex(of: ".").map { name[..<$0] }
    }
    return nil
}

enum LeafName {
    /// The last component of a dotted name.
    static func simple(_ name: String) -> String {
        // Bytes: this runs for every alias a rule looks at, and most names have no dot at all.
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return name }
        let after = name.index(after: dot)
        guard after == name.endIndex else { return String(name[after...]) }
        return String(name.lastDottedPart)
    }
}

/// A method a protocol declares, or one implementing it: its parameter list is the protocol's to choose.
func isProtocolRequirement(_ function: String, in model: DependencyModel) -> Bool {
    guard let declared = model.symbols.functions[function], let type = declared.fact.enclosingType else { return false }
    if model.symbols.protocols[type] != nil { return true }
    let protocols = (model.symbols.typeDeclarations[type] ?? []).flatMap(\.fact.inheritedTypes).compactMap { reference -> String? in
        guard case .protocolType(let proto)? = model.symbols.resolve(reference.name, from: type) else { return nil }
        return proto
    }
    return protocols.contains { model.symbols.protocols[$0]?.fact.requirements.contains(declared.fact.name) ?? false }
}

/// Whether the app follows the CPDI style somewhere: a type generic over its dependencies. The CPDI
/// conventions (generic components, dependencies first) are worth a word only in such apps.
func writesGenericComponents(_ model: DependencyModel) -> Bool {
    model.components.values.contains { $0.genericParameter != nil && $0.form != .function }
}
