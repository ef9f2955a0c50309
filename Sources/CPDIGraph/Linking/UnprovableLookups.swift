import CPDIFacts

/// Pass: takes back "nothing registers it" from a lookup by type where the proof fails (SPEC §4b). A
/// registration must write or build the type it registers, so a call cpdi does not read can only register a
/// type written where such a call could take it; and a library registers its own types.
extension RuntimeReadReview {
    /// Takes back "nothing registers it" from a lookup by type where the proof fails: the type is declared
    /// nowhere in the sources (a library may register its own types), or its name is written somewhere a
    /// registration cpdi does not read could build it (`registerSingleton(T.self)`, `{ T() }`, `typealias V = T`).
    func withholdUnprovable(_ registry: inout RuntimeRegistry, reads: ReadIndex, mentions: TypeMentionIndex) {
        // A type registered under another name or argument count, or built by a registration of another type,
        // is the app's own to register.
        let built = Set(registry.registrations.values.compactMap(\.implementation))
        // `register(View.self)` in `LoginAssembly` and a lookup of `LoginAssembly.View`: a registration of the
        // same last name may be this type written another way (an alias, a nested or module-qualified name).
        var registeredByLastName: [Substring: Set<String>] = [:]
        for registration in registry.sortedRegistrations where !registration.isKeyPath {
            for type in [registration.key] + [registration.implementation].compactMap({ $0 }) + registration.alsoAs.sorted() {
                registeredByLastName[TypeMentionName.last(of: type), default: []].insert(type)
            }
        }
        // As written, too: `register(View.self)` is keyed by what `View` names where it is written.
        for declared in registry.registrationFacts {
            for type in [declared.fact.key?.typeName].compactMap({ $0 }) + declared.fact.alsoAs {
                registeredByLastName[TypeMentionName.last(of: type), default: []].insert(type)
            }
        }
        func reason(for type: String, nearMiss: String?) -> String? {
            let name = TypeMentionName.last(of: type)
            guard reads.declaresType(named: type) || nearMiss != nil || built.contains(type) else {
                return "`\(name)` is declared nowhere in the sources: a library may register it"
            }
            if nearMiss == nil, let other = registeredByLastName[name]?.subtracting([type]).min() {
                return "`\(other)` is registered, which may be this type written another way"
            }
            return mentions.fileWritingForRegistration(type).map {
                "`\(name)` is written in \($0) where a registration cpdi does not read may build it"
            }
        }
        for index in registry.injections.indices {
            let injection = registry.injections[index]
            guard case .unregistered(let nearMiss) = injection.resolution, case .type(let written) = injection.fact.key,
                let reason = reason(for: written, nearMiss: nearMiss)
            else { continue }
            registry.injections[index].resolution = .unknown
            registry.injections[index].notJudgedReason = reason
        }
        for index in registry.resolutions.indices {
            let resolution = registry.resolutions[index]
            guard case .unregistered(let nearMiss) = resolution.result, let type = resolution.type,
                let reason = reason(for: type, nearMiss: nearMiss)
            else { continue }
            registry.resolutions[index].result = .unknown
            registry.resolutions[index].notJudgedReason = reason
        }
    }
}
