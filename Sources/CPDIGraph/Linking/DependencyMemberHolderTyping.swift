import CPDIFacts

/// Pass: types a holder reached through a member of the code's own dependencies value by the type the leaf
/// declaring that member gives it. In `DiscussionAPI.getComments(environment: self?.environment.router?.environment)`
/// the value handed on is the router's environment, not the screen's: `router` is what `OEXRouterProvider`
/// declares, `var router: OEXRouter?`, so the holder `environment.router` is an `OEXRouter`, and the hand-off
/// counts for the components an `OEXRouter` may be, not for the screen. Extraction names such a holder
/// `environment#router`.
///
/// Only what is proven is typed: every component the code counts for must get the member from leaves that
/// declare it with one and the same type, declared in the sources or by a header, whose instances can only be
/// that type or its conformers (a class some component inherits from may hold that component, and stays untyped).
struct DependencyMemberHolderTyping {
    let symbols: SymbolTable
    let attribution: Attribution
    let components: [String: Component]

    func run(_ files: [FileFacts]) -> [FileFacts] {
        let holding = files.indices.filter { files[$0].holdsAny(Self.isMemberHolder, readsFrom: Self.isMemberHolder) }
        guard !holding.isEmpty else { return files }
        let objectiveCClasses = objectiveCClassesNoComponentInherits(files)
        var typedFiles = files
        for index in holding {
            // `environment.router?.environment` handed on as a value is a read of the router's `environment` too.
            typedFiles[index] = files[index].typingHolders(Self.isMemberHolder, readsFrom: Self.isMemberHolder) { holder, type, function in
                self.type(of: holder, type: type, function: function, objectiveCClasses)
            }
        }
        return typedFiles
    }

    /// `environment#router`: a value name and one member, as extraction names such a holder.
    static func isMemberHolder(_ holder: String?) -> Bool {
        holder.map(isMemberHolder) == true
    }

    static func isMemberHolder(_ holder: String) -> Bool {
        holder.utf8.contains(UInt8(ascii: "#"))
    }

    /// Classes only headers declare (the symbol table holds none of them), unless an instance of one may be a
    /// component of the sources (`ObjectiveCSubclasses`).
    private func objectiveCClassesNoComponentInherits(_ files: [FileFacts]) -> Set<String> {
        let classes = files.reduce(into: Set<String>()) { $0.formUnion($1.declarations.objectiveCClasses) }
        guard !classes.isEmpty else { return [] }
        let subclasses = ObjectiveCSubclasses(symbols: symbols, attribution: attribution, componentNames: Set(components.keys))
        return classes.filter { !subclasses.mayBeComponent($0) }
    }

    private func type(of holder: String, type: String?, function: String?, _ objectiveCClasses: Set<String>) -> String? {
        guard let mark = holder.firstIndex(of: "#") else { return nil }
        let member = String(holder[holder.index(after: mark)...])
        let owners = attribution.components(type: type, function: function)
        guard !owners.isEmpty else { return nil }
        var found: Set<String> = []
        for owner in owners {
            guard let component = components[owner] else { return nil }
            let leaves = component.requirements.reduce(into: Set<String>()) { $0.formUnion(symbols.leafSets[$1.name] ?? [$1.name]) }
            var declared: Set<String> = []
            for leaf in leaves {
                guard let proto = symbols.protocols[leaf] else { continue }
                for requirement in proto.fact.propertyRequirements where requirement.name == member {
                    guard let type = provenType(requirement.type, scope: leaf, objectiveCClasses) else { return nil }
                    declared.insert(type)
                }
            }
            guard declared.count == 1 else { return nil }
            found.formUnion(declared)
        }
        return found.count == 1 ? found.first : nil
    }

    /// `OEXRouter?` → `OEXRouter`, when the sources declare it and nothing but it (or its conformers) can be held.
    private func provenType(_ written: String, scope: String, _ objectiveCClasses: Set<String>) -> String? {
        var name = Substring(written)
        while let last = name.last, last == "?" || last == "!" { name = name.dropLast() }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        switch symbols.resolve(String(name), from: scope) {
        case .protocolType(let proto)?: return proto
        case .type(let type)?: return attribution.classesComponentsInherit.contains(type) ? nil : type
        case .alias?: return nil
        // A class only a header declares (`OEXRouter`): not a component, nor one any component inherits.
        case nil: return objectiveCClasses.contains(String(name)) ? String(name) : nil
        }
    }
}
